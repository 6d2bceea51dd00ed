// The Netrunner round graph (fairpair.systems.netrunner), compiled into the extension
// fairpair.matching._blossom as NetrunnerGraph (and mt19937_bits, its random source for
// the tests): side and score costs of every match as edge weights, over the generic
// matcher (an Engine, the dense matrix) or, for a round too large for the matrix, over
// the systems' shared implicit graph (matching/implicit.hpp: Rows<N> gives its weight
// function).  It lives beside systems/netrunner.py (a module, not a package).  Python's
// C API through bindings.hpp (no pybind11 here).  See docs/matching.md.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "fairpair/matching/bindings.hpp"
#include "fairpair/matching/implicit.hpp"

namespace fairpair {
namespace {

// ------------------------------------------------------------ Netrunner round graph

// The Mersenne Twister MT19937 as Python's random module runs it, started from the
// state random.Random.getstate() gives: 624 words and the position of the next one.
// getrandbits(k), 0 < k <= 32, is the next 32-bit output shifted right by 32 - k.
class Mt19937 {
  public:
    explicit Mt19937(const std::vector<uint32_t>& state) {
        if (state.size() != kWords + 1) value_error("the state holds 625 words");
        if (state[kWords] > kWords) value_error("state position out of range");
        for (int i = 0; i < kWords; ++i) words_[i] = state[static_cast<size_t>(i)];
        pos_ = static_cast<int>(state[kWords]);
    }

    uint32_t next() {
        if (pos_ >= kWords) regenerate();
        uint32_t y = words_[pos_++];
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c5680u;
        y ^= (y << 15) & 0xefc60000u;
        y ^= y >> 18;
        return y;
    }

  private:
    static constexpr int kWords = 624;
    static constexpr int kShift = 397;
    uint32_t words_[kWords];
    int pos_;

    // The next 624 words: each from the top bit of itself and the low 31 bits of the
    // following word, xor the word 397 further on (already renewed past the end).
    void regenerate() {
        for (int i = 0; i < kWords; ++i) {
            const uint32_t y = (words_[i] & 0x80000000u) | (words_[(i + 1) % kWords] & 0x7fffffffu);
            words_[i] = words_[(i + kShift) % kWords] ^ (y >> 1) ^ ((y & 1u) ? 0x9908b0dfu : 0u);
        }
        pos_ = 0;
    }
};

// getrandbits(bits) `count` times from a random.Random state (tests).
std::vector<uint32_t> mt19937_bits(const std::vector<uint32_t>& state, int bits, long count) {
    if (bits < 1 || bits > 32) value_error("bits must lie in 1..32");
    Mt19937 mt(state);
    std::vector<uint32_t> out(static_cast<size_t>(std::max(0L, count)));
    for (uint32_t& x : out) x = mt.next() >> (32 - bits);
    return out;
}

// The graph of one round of the Netrunner engine (fairpair.systems.netrunner), built
// from per-player arrays instead of one Python tuple per edge. Vertices are the players
// 0..n-1 in the engine's order, plus the bye vertex n when n is odd. The match i-j
// (i < j) costs
//     crossing[|group_i - group_j|] + extra(i, j)
//         + min(corp_i + runner_j + noise1, corp_j + runner_i + noise2)
// (i plays Corp when the first is not larger), the bye of i costs bye_i + noise, and
// the noise is the engine's: getrandbits(noise_bits) of its random.Random, two per
// pair in row order, then one per player for the byes, reproduced here from the
// generator's state. `solve` finds the matching that
// fairpair.matching.max_weight_matching(size, edges, max_cardinality=True) finds on the
// engine's edges (weight top - cost): the same width, the same offset for maximum
// cardinality, the same weights and the same blossom algorithm, over the n x n matrix
// when it fits `dense_limit`, otherwise over the implicit graph (each weight computed
// when the algorithm reads it from the per-player values and one 32-bit word per pair:
// the chosen side, the noise drawn for it and whether the pair has an extra cost).
class NetrunnerGraph {
  public:
    NetrunnerGraph(PyObject* corp, PyObject* runner, const std::vector<int>& group,
                   PyObject* crossing, PyObject* extra, PyObject* bye, PyObject* top,
                   int noise_bits, const std::vector<uint32_t>& state)
        : group_(group), noise_bits_(noise_bits) {
        if (noise_bits < 1 || noise_bits > kNoiseMax)
            value_error("noise_bits must lie in 1..30");
        int bits = 0;
        corp_ = bufs_of(corp, "corp costs must be a sequence of ints", bits);
        runner_ = bufs_of(runner, "runner costs must be a sequence of ints", bits);
        crossing_ = bufs_of(crossing, "crossing costs must be a sequence of ints", bits);
        bye_ = bufs_of(bye, "bye costs must be a sequence of ints", bits);
        top_ = to_buf(top);
        bits = std::max(bits, bit_length(top_));
        n_ = static_cast<int>(corp_.size());
        const size_t n = static_cast<size_t>(n_);
        if (runner_.size() != n || group_.size() != n)
            value_error("one corp cost, runner cost and group per player");
        if (bye_.size() != (n_ % 2 ? n : 0))
            value_error("one bye cost per player in an odd field, none in an even one");
        for (int g : group_)
            if (g < 0 || g >= static_cast<int>(crossing_.size()))
                value_error("group out of range of the crossing costs");
        {
            Ref seq(PySequence_Fast(extra, "extra must be a sequence of (i, j, cost)"));
            if (seq.p == nullptr) throw PyError{};
            const Py_ssize_t len = PySequence_Fast_GET_SIZE(seq.p);
            PyObject** items = PySequence_Fast_ITEMS(seq.p);
            for (Py_ssize_t q = 0; q < len; ++q) {
                Ref t(PySequence_Fast(items[q], "extra must be a sequence of (i, j, cost)"));
                if (t.p == nullptr) throw PyError{};
                if (PySequence_Fast_GET_SIZE(t.p) != 3)
                    raise(PyExc_TypeError, "extra must be a sequence of (i, j, cost)");
                PyObject** ijc = PySequence_Fast_ITEMS(t.p);
                const long i = to_long(ijc[0], "extra"), j = to_long(ijc[1], "extra");
                if (i < 0 || j <= i || j >= n_) value_error("extra pair out of range");
                Buf x = to_buf(ijc[2]);
                bits = std::max(bits, bit_length(x));
                extra_.push_back(Extra{static_cast<int>(i), static_cast<int>(j), x});
            }
        }
        std::sort(extra_.begin(), extra_.end(), [](const Extra& a, const Extra& b) {
            return a.i != b.i ? a.i < b.i : a.j < b.j;
        });
        for (size_t q = 1; q < extra_.size(); ++q)
            if (extra_[q].i == extra_[q - 1].i && extra_[q].j == extra_[q - 1].j)
                value_error("extra pair repeated");
        size_ = n_ + n_ % 2;
        Mt19937 mt(state);
        // A cost is a sum of at most five terms of up to `bits` bits and the noise.
        check_bits(bits + 8);
        with_limbs(limbs_for(bits + 8), [&](auto l) { draw<decltype(l)::value>(mt); });
    }

    int n() const { return n_; }
    int size() const { return size_; }
    int limbs() const { return limbs_; }
    bool implicit() const { return implicit_; }

    // Rounds whose n x n weight matrix would take more bytes than this are solved over
    // the implicit graph: the same algorithm, so the same matching, in O(n^2 / 2) words
    // of 4 bytes instead of n^2 weights.
    long long dense_limit = 256LL << 20;

    // mate[v] for every vertex (the bye vertex is n), -1: unmatched.
    std::vector<int> solve() {
        return with_limbs(limbs_, [this](auto l) { return solve_n<decltype(l)::value>(); });
    }

    // (i plays Corp, the noise drawn for that side) of the match i-j, i < j; for j = n
    // (the bye vertex): (false, the noise of i's bye).
    std::pair<bool, uint32_t> slot(long i, long j) const {
        if (i < 0 || j <= i || j >= size_) value_error("not a pair of the graph");
        if (j == n_) return {false, bye_noise_[static_cast<size_t>(i)]};
        const uint32_t code = codes_[at(static_cast<int>(i), static_cast<int>(j))];
        return {(code & kCorpFirst) != 0, code & kNoiseMask};
    }

  private:
    static constexpr int kNoiseMax = 30;
    static constexpr uint32_t kCorpFirst = 1u << 31;
    static constexpr uint32_t kExtra = 1u << 30;
    static constexpr uint32_t kNoiseMask = kExtra - 1;
    struct Extra {
        int i, j;
        Buf cost;
    };
    int n_ = 0, size_ = 0, limbs_ = 0, shift_ = 0;
    bool implicit_ = false;
    std::vector<int> group_;
    int noise_bits_;
    std::vector<Buf> corp_, runner_, crossing_, bye_;
    Buf top_;
    std::vector<Extra> extra_;
    std::vector<uint32_t> codes_;      // per pair of players, n x n (both ways)
    std::vector<uint32_t> bye_noise_;  // per player (odd n)

    size_t at(int i, int j) const {
        return static_cast<size_t>(i) * static_cast<size_t>(n_) + static_cast<size_t>(j);
    }

    // Draw the noise in the engine's order, choose each match's sides (i plays Corp
    // unless that costs more), and find the width and the offset for maximum
    // cardinality as max_weight_matching would: bits of the widest |top - cost|.
    template <int M>
    void draw(Mt19937& mt) {
        std::vector<Wide<M>> corp(corp_.size()), runner(runner_.size()), cross(crossing_.size());
        for (size_t q = 0; q < corp_.size(); ++q) corp[q] = narrow<M>(corp_[q]);
        for (size_t q = 0; q < runner_.size(); ++q) runner[q] = narrow<M>(runner_[q]);
        for (size_t q = 0; q < crossing_.size(); ++q) cross[q] = narrow<M>(crossing_[q]);
        const int drop = 32 - noise_bits_;
        const size_t n = static_cast<size_t>(n_);
        codes_.assign(n * n, 0);
        bye_noise_.assign(n_ % 2 ? n : 0, 0);
        Wide<M> lo = Wide<M>::zero(), hi = Wide<M>::zero();
        bool any = false;
        auto seen = [&](const Wide<M>& cost) {
            if (!any || cost < lo) lo = cost;
            if (!any || hi < cost) hi = cost;
            any = true;
        };
        {
            NoGil release;
            size_t e = 0;
            for (int i = 0; i < n_; ++i) {
                const Wide<M>& ci = corp[static_cast<size_t>(i)];
                const Wide<M>& ri = runner[static_cast<size_t>(i)];
                const int gi = group_[static_cast<size_t>(i)];
                for (int j = i + 1; j < n_; ++j) {
                    const uint32_t r1 = mt.next() >> drop;
                    const uint32_t r2 = mt.next() >> drop;
                    const Wide<M> first = ci + runner[static_cast<size_t>(j)] + Wide<M>::small(r1);
                    const Wide<M> second = corp[static_cast<size_t>(j)] + ri + Wide<M>::small(r2);
                    const bool corp_first = !(second < first);
                    Wide<M> cost = cross[static_cast<size_t>(std::abs(gi - group_[static_cast<size_t>(j)]))] +
                                   (corp_first ? first : second);
                    uint32_t code = corp_first ? (kCorpFirst | r1) : r2;
                    if (e < extra_.size() && extra_[e].i == i && extra_[e].j == j) {
                        cost = cost + narrow<M>(extra_[e].cost);
                        code |= kExtra;
                        ++e;
                    }
                    codes_[at(i, j)] = code;
                    seen(cost);
                }
            }
            // The lower triangle from the upper one, a 64 x 64 tile at a time: written
            // with the upper one, a column of it touched a new cache line at every pair
            // (0.3 s of the 5,000-player round's 0.9 s build, issue 33).
            constexpr int kTile = 64;
            for (int i0 = 0; i0 < n_; i0 += kTile) {
                const int i1 = std::min(n_, i0 + kTile);
                for (int j0 = i0; j0 < n_; j0 += kTile) {
                    const int j1 = std::min(n_, j0 + kTile);
                    for (int j = j0; j < j1; ++j)
                        for (int i = i0; i < std::min(i1, j); ++i)
                            codes_[at(j, i)] = codes_[at(i, j)];
                }
            }
            for (size_t i = 0; i < bye_noise_.size(); ++i) {
                bye_noise_[i] = mt.next() >> drop;
                seen(narrow<M>(bye_[i]) + Wide<M>::small(bye_noise_[i]));
            }
        }
        // As max_weight_matching(..., max_cardinality=True): K = 2^(bits + bitlen(size))
        // added to every weight, bits the widest |weight|.
        const Wide<M> top = narrow<M>(top_);
        const int bits = std::max(wide_bits(top - lo), wide_bits(top - hi));
        int nbits = 0;
        while ((1L << nbits) <= size_) ++nbits;
        shift_ = bits + nbits;
        check_bits(shift_ + 1);
        limbs_ = limbs_for(shift_ + 1);
    }

    // The graph in N limbs: every weight 2 (top - cost + K), modulo 2^(64 N), which is
    // exact since the value fits.  Every pair is an edge (Implicit<N>::complete).
    template <int N>
    struct Rows {
        const NetrunnerGraph* g;
        int size;
        std::vector<Wide<N>> cross2;   // 2 (top + K - crossing[d])
        std::vector<Wide<N>> corp2, runner2;  // 2 corp, 2 runner
        std::vector<Wide<N>> bye2;     // 2 (top + K - bye - noise)
        std::vector<std::vector<std::pair<int, Wide<N>>>> extra2;  // per i: (j, 2 extra)

        static Wide<N> w2_fn(const void* ctx, int i, int j) {
            return static_cast<const Rows*>(ctx)->w2(i, j);
        }
        static void row_w2_fn(const void* ctx, int x, Wide<N>* out) {
            const Rows* r = static_cast<const Rows*>(ctx);
            for (int v = 0; v < r->size; ++v)
                if (v != x) out[v] = r->w2(x, v);
        }
        FAIRPAIR_FORCE_INLINE inline Wide<N> w2(int i, int j) const {
            if (i == g->n_ || j == g->n_) return bye2[static_cast<size_t>(i + j - g->n_)];
            const uint32_t code = g->codes_[g->at(i, j)];
            if (i > j) std::swap(i, j);
            const int d = std::abs(g->group_[static_cast<size_t>(i)] - g->group_[static_cast<size_t>(j)]);
            Wide<N> w = cross2[static_cast<size_t>(d)] -
                        Wide<N>::small(2 * static_cast<int64_t>(code & kNoiseMask));
            if (code & kCorpFirst)
                w = w - corp2[static_cast<size_t>(i)] - runner2[static_cast<size_t>(j)];
            else
                w = w - corp2[static_cast<size_t>(j)] - runner2[static_cast<size_t>(i)];
            if (code & kExtra) {
                for (const auto& [k, x] : extra2[static_cast<size_t>(i)])
                    if (k == j) return w - x;
            }
            return w;
        }
    };

    template <int N>
    std::vector<int> solve_n() {
        implicit_ = static_cast<double>(size_) * size_ * 8 * N > static_cast<double>(dense_limit);
        if (implicit_) {
            // In one of the implicit graph's widths, the narrowest holding N limbs (as
            // with_implicit_limbs in engine.hpp picks it, chosen here at compile time:
            // one branch per N to compile, not three).
            constexpr int M = N <= 3 ? 3 : (N <= 6 ? 6 : 16);
            const Rows<M> rows = make_rows<M>();
            Implicit<M> graph;
            graph.size = size_;
            graph.ctx = &rows;
            graph.w2_fn = &Rows<M>::w2_fn;
            graph.row_w2_fn = &Rows<M>::row_w2_fn;
            graph.complete = true;
            NoGil release;
            return solve_implicit<M>(graph);
        }
        const Rows<N> rows = make_rows<N>();
        // The matrix of the generic engine (compiled once, engine.hpp), filled a row at a
        // time in its own width.
        std::unique_ptr<Engine> m = make_engine(N, size_);
        NoGil release;
        std::vector<uint64_t> row;
        for (int i = 0; i < size_; ++i) {
            row.resize(static_cast<size_t>(size_ - i - 1) * N);
            uint64_t* out = row.data();
            for (int j = i + 1; j < size_; ++j, out += N) {
                const Wide<N> w = rows.w2(i, j);
                std::memcpy(out, w.l, sizeof w.l);
            }
            m->set_row_w2(i, i + 1, size_, row.data());
        }
        return m->solve();
    }

    // The weights of the round in N limbs.
    template <int N>
    Rows<N> make_rows() const {
        Rows<N> rows{this, size_, {}, {}, {}, {}, {}};
        Buf k = Buf::zero();
        k.l[shift_ / 64] = uint64_t(1) << (shift_ % 64);
        const Buf base = top_ + k;
        for (const Buf& c : crossing_) {
            const Buf w = base - c;
            rows.cross2.push_back(narrow<N>(w + w));
        }
        for (const Buf& c : corp_) rows.corp2.push_back(narrow<N>(c + c));
        for (const Buf& c : runner_) rows.runner2.push_back(narrow<N>(c + c));
        for (size_t i = 0; i < bye_.size(); ++i) {
            const Buf w = base - bye_[i] - Buf::small(bye_noise_[i]);
            rows.bye2.push_back(narrow<N>(w + w));
        }
        rows.extra2.resize(static_cast<size_t>(n_));
        for (const Extra& x : extra_)
            rows.extra2[static_cast<size_t>(x.i)].emplace_back(x.j, narrow<N>(x.cost + x.cost));
        return rows;
    }
};

// ------------------------------------------------------------ the Python names

PyObject* mt19937_bits_py(PyObject*, PyObject* const* args, Py_ssize_t nargs, PyObject* kw) {
    return guarded([&] {
        const Args a("mt19937_bits", args, nargs, kw, {"state", "bits", "count"}, 3);
        return uint32_list(mt19937_bits(to_uint32s(a[0], "state"),
                                        static_cast<int>(to_long(a[1], "bits")),
                                        to_long(a[2], "count")));
    });
}

int init(PyObject* self, PyObject* args, PyObject* kwargs) {
    return init_box<NetrunnerGraph>(self, [&] {
        const Args a("NetrunnerGraph", args, kwargs,
                     {"corp", "runner", "group", "crossing", "extra", "bye", "top",
                      "noise_bits", "state"},
                     9);
        return new NetrunnerGraph(a[0], a[1], to_ints(a[2], "group"), a[3], a[4], a[5], a[6],
                                  static_cast<int>(to_long(a[7], "noise_bits")),
                                  to_uint32s(a[8], "state"));
    });
}

NetrunnerGraph& graph(PyObject* self) { return unbox<NetrunnerGraph>(self); }

PyObject* get_n(PyObject* self, void*) {
    return guarded([&] { return from_long(graph(self).n()); });
}
PyObject* get_size(PyObject* self, void*) {
    return guarded([&] { return from_long(graph(self).size()); });
}
PyObject* get_limbs(PyObject* self, void*) {
    return guarded([&] { return from_long(graph(self).limbs()); });
}
PyObject* get_implicit(PyObject* self, void*) {
    return guarded([&] { return from_bool(graph(self).implicit()); });
}

PyObject* solve(PyObject* self, PyObject*) {
    return guarded([&] { return int_list(graph(self).solve()); });
}

PyObject* slot(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kw) {
    return guarded([&] {
        const Args a("slot", args, nargs, kw, {"i", "j"}, 2);
        const auto [corp_first, noise] = graph(self).slot(to_long(a[0], "i"), to_long(a[1], "j"));
        return Py_BuildValue("(Nk)", from_bool(corp_first), static_cast<unsigned long>(noise));
    });
}

PyMethodDef kMt19937 = {"mt19937_bits", method(&mt19937_bits_py), METH_FASTCALL | METH_KEYWORDS,
                        "getrandbits(bits) count times from the words of a random.Random state."};

PyMethodDef kMethods[] = {
    {"solve", method(&solve), METH_NOARGS, "solve(): mate of every vertex, -1 unmatched."},
    {"slot", method(&slot), METH_FASTCALL | METH_KEYWORDS,
     "slot(i, j): (i plays Corp, the noise drawn for that side) of the match i-j."},
    {nullptr, nullptr, 0, nullptr},
};

PyGetSetDef kGetSets[] = {
    {"n", &get_n, nullptr, "number of players", nullptr},
    {"size", &get_size, nullptr, "number of vertices (the bye vertex included)", nullptr},
    {"limbs", &get_limbs, nullptr, "64-bit limbs of the weights", nullptr},
    {"implicit", &get_implicit, nullptr, "whether the last solve ran over the implicit graph",
     nullptr},
    {"dense_limit", &get_long_long<NetrunnerGraph, &NetrunnerGraph::dense_limit>,
     &set_long_long<NetrunnerGraph, &NetrunnerGraph::dense_limit>,
     "bytes of weights above which the round is solved implicitly",
     const_cast<char*>("dense_limit")},
    {nullptr, nullptr, nullptr, nullptr, nullptr},
};

void bind(PyObject* mod) {
    add_function(mod, &kMt19937);
    PyType_Slot slots[] = {
        {Py_tp_init, reinterpret_cast<void*>(&init)},
        {Py_tp_dealloc, reinterpret_cast<void*>(&dealloc_box<NetrunnerGraph>)},
        {Py_tp_methods, kMethods},
        {Py_tp_getset, kGetSets},
        {0, nullptr},
    };
    add_class(mod, "NetrunnerGraph", "The graph of one Netrunner round (systems/netrunner.py).",
              static_cast<int>(sizeof(Box<NetrunnerGraph>)), slots);
}

const Binding kBinding("NetrunnerGraph", &bind);

}  // namespace
}  // namespace fairpair
