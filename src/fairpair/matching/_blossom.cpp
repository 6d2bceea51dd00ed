// Python binding of the blossom matcher (fairpair.matching._blossom).
//
// Python ints are converted to fixed-width two's complement integers of 1, 2, 3, 4, 6,
// 9 or 16 64-bit limbs, chosen from the largest weight; a weight of more than
// kMaxWeightBits bits raises OverflowError (never a silently wrong answer).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "blossom.hpp"

namespace py = pybind11;
using fairpair::Blossom;
using fairpair::Wide;

namespace {

constexpr int kBufLimbs = 16;
using Buf = Wide<kBufLimbs>;
constexpr int kLimbChoices[] = {1, 2, 3, 4, 6, 9, 16};
// Duals reach 2 * max weight and sums of two duals 4 * max weight, plus a sign bit:
// weights of up to 64 * limbs - 4 bits are exact.
constexpr int max_bits(int limbs) { return 64 * limbs - 4; }
constexpr int kMaxWeightBits = max_bits(kBufLimbs);

int limbs_for(int bits) {
    for (int l : kLimbChoices)
        if (bits <= max_bits(l)) return l;
    throw py::value_error("internal: no limb count for " + std::to_string(bits) + " bits");
}

// f(std::integral_constant<int, L>{}) for the limb count L = limbs (one of
// kLimbChoices; any other value: 16): where a run-time width picks a template.
template <class F>
decltype(auto) with_limbs(int limbs, F&& f) {
    switch (limbs) {
        case 1: return f(std::integral_constant<int, 1>{});
        case 2: return f(std::integral_constant<int, 2>{});
        case 3: return f(std::integral_constant<int, 3>{});
        case 4: return f(std::integral_constant<int, 4>{});
        case 6: return f(std::integral_constant<int, 6>{});
        case 9: return f(std::integral_constant<int, 9>{});
        default: return f(std::integral_constant<int, 16>{});
    }
}


// Python int -> 16-limb two's complement; OverflowError past 1024 bits, TypeError for a
// non-integer.
// An integer-like object that is not an int (numpy.int64, ...) as an int.
py::object index_of(PyObject* o) {
    PyObject* i = PyNumber_Index(o);
    if (i == nullptr) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "matching weights must be int, not %.200s",
                     Py_TYPE(o)->tp_name);
        throw py::error_already_set();
    }
    return py::reinterpret_steal<py::object>(i);
}

Buf to_buf(PyObject* o) {
    if (!PyLong_Check(o)) return to_buf(index_of(o).ptr());
    Buf r;
#if PY_VERSION_HEX >= 0x030D0000
    Py_ssize_t need = PyLong_AsNativeBytes(o, r.l, sizeof(r.l), Py_ASNATIVEBYTES_LITTLE_ENDIAN);
    if (need < 0) throw py::error_already_set();
    if (need > static_cast<Py_ssize_t>(sizeof(r.l))) {
        PyErr_Format(PyExc_OverflowError,
                     "matching weight exceeds the supported %d bits", kMaxWeightBits);
        throw py::error_already_set();
    }
#else
    if (_PyLong_AsByteArray(reinterpret_cast<PyLongObject*>(o),
                            reinterpret_cast<unsigned char*>(r.l), sizeof(r.l), 1, 1) < 0) {
        PyErr_Clear();
        PyErr_Format(PyExc_OverflowError,
                     "matching weight exceeds the supported %d bits", kMaxWeightBits);
        throw py::error_already_set();
    }
#endif
    return r;
}

// Number of bits of |x|.
int bit_length(const Buf& x) {
    Buf a = x.is_neg() ? Buf::zero() - x : x;
    for (int i = kBufLimbs - 1; i >= 0; --i)
        if (a.l[i] != 0) return 64 * i + 64 - __builtin_clzll(a.l[i]);
    return 0;
}

// Bits of |o| for an int o (cheap: no conversion); TypeError for a non-int.
int weight_bits(PyObject* o) {
#if PY_VERSION_HEX < 0x030D0000
    if (!PyLong_Check(o)) return weight_bits(index_of(o).ptr());
    const size_t bits = _PyLong_NumBits(o);
    if (bits == static_cast<size_t>(-1) && PyErr_Occurred()) throw py::error_already_set();
    return bits > static_cast<size_t>(kMaxWeightBits) ? kMaxWeightBits + 1 : static_cast<int>(bits);
#else
    return bit_length(to_buf(o));
#endif
}

// Whether the int o is > 0.
bool is_positive(PyObject* o) {
#if PY_VERSION_HEX < 0x030D0000
    if (!PyLong_Check(o)) return to_buf(o).is_pos();
    return _PyLong_Sign(o) > 0;
#else
    return to_buf(o).is_pos();
#endif
}

void check_bits(int bits) {
    if (bits > kMaxWeightBits) {
        PyErr_Format(PyExc_OverflowError,
                     "matching weight of %d bits exceeds the supported %d bits", bits,
                     kMaxWeightBits);
        throw py::error_already_set();
    }
}

py::int_ buf_to_int(const Buf& x) {
#if PY_VERSION_HEX >= 0x030D0000
    PyObject* o = PyLong_FromNativeBytes(x.l, sizeof(x.l), Py_ASNATIVEBYTES_LITTLE_ENDIAN);
#else
    PyObject* o = _PyLong_FromByteArray(reinterpret_cast<const unsigned char*>(x.l),
                                        sizeof(x.l), 1, 1);
#endif
    if (o == nullptr) throw py::error_already_set();
    return py::reinterpret_steal<py::int_>(o);
}

// ------------------------------------------------------------ type-erased engines

struct Engine {
    virtual ~Engine() = default;
    virtual int limbs() const = 0;
    virtual int size() const = 0;
    // Doubled weight, which fits the engine's limbs; false (nothing changed) when a
    // compact engine cannot hold it (see set_classes).
    virtual bool set_w2(int u, int v, const Buf& w2) = 0;
    // Compact engines only: classes of the vertices and the k x k table of doubled
    // criteria weights per ordered pair of classes (every edge removed).
    virtual void set_classes(const std::vector<int>& cls, int k, const std::vector<Buf>& table) = 0;
    virtual bool compact() const = 0;
    // Compact engines (false otherwise, nothing done): every edge set at once from the
    // classes (fill_edges); the doubled order part o[q] (o[0] if o has one entry) on
    // each edge u-xs[q] that exists (put_order2); among lo..hi-1 only the edges from a
    // top vertex p to a later x that is not top kept, with the order (hi-p)(hi-x).
    virtual bool fill_edges(const std::vector<int>& tags,
                            const std::vector<std::vector<int>>& block) = 0;
    virtual bool put_order2(int u, const std::vector<int>& xs, const std::vector<int64_t>& o) = 0;
    virtual bool keep_top(int lo, int hi, const std::vector<bool>& top) = 0;
    // Remove the edges u-x, x in xs (any engine).
    virtual void remove_edges(int u, const std::vector<int>& xs) = 0;
    virtual Buf get_w2(int u, int v) const = 0;
    virtual bool has(int u, int v) const = 0;
    // Append to `out` the neighbours x of u with lo <= x < hi, in increasing order.
    virtual void row(int u, int lo, int hi, std::vector<int>& out) const = 0;
    virtual void mark_dirty(int v) = 0;
    virtual void mark_fresh() = 0;
    virtual void resize(int n) = 0;
    virtual std::vector<int> solve() = 0;
    virtual std::string check() const = 0;
    virtual std::vector<long> stats() const = 0;
    virtual void seed(const std::vector<Buf>& duals) = 0;
    virtual size_t first_open(int u, const std::vector<int>& vs, const Buf& limit2) const = 0;
};

template <int N, class G = void>
struct EngineN final : Engine {
    Blossom<N, G> m;
    explicit EngineN(int n) : m(n) {}
    int limbs() const override { return N; }
    int size() const override { return m.size(); }
    bool set_w2(int u, int v, const Buf& w2) override {
        Wide<N> x;
        for (int i = 0; i < N; ++i) x.l[i] = w2.l[i];
        return m.set_w2(u, v, x);
    }
    void set_classes(const std::vector<int>& cls, int k, const std::vector<Buf>& table) override {
        if constexpr (std::is_same_v<G, fairpair::ClassOrder>) {
            std::vector<Wide<N>> t(table.size());
            for (size_t q = 0; q < table.size(); ++q)
                for (int i = 0; i < N; ++i) t[q].l[i] = table[q].l[i];
            m.set_classes(cls, k, std::move(t));
        } else {
            (void)cls, (void)k, (void)table;
            throw std::logic_error("set_classes: not a compact engine");
        }
    }
    bool compact() const override { return std::is_same_v<G, fairpair::ClassOrder>; }
    bool fill_edges(const std::vector<int>& tags,
                    const std::vector<std::vector<int>>& block) override {
        if constexpr (std::is_same_v<G, fairpair::ClassOrder>) {
            m.fill_edges(tags, block);
            return true;
        } else {
            (void)tags, (void)block;
            return false;
        }
    }
    bool put_order2(int u, const std::vector<int>& xs, const std::vector<int64_t>& o) override {
        if constexpr (std::is_same_v<G, fairpair::ClassOrder>) {
            const bool one = o.size() == 1;
            for (size_t q = 0; q < xs.size(); ++q)
                if (m.has_order(u, xs[q])) m.set_order2(u, xs[q], o[one ? 0 : q]);
            return true;
        } else {
            (void)u, (void)xs, (void)o;
            return false;
        }
    }
    bool keep_top(int lo, int hi, const std::vector<bool>& top) override {
        if constexpr (std::is_same_v<G, fairpair::ClassOrder>) {
            for (int p = lo; p < hi; ++p) {
                for (int x = p + 1; x < hi; ++x) {
                    if (!m.has_order(p, x)) continue;
                    if (!top[static_cast<size_t>(p)] || top[static_cast<size_t>(x)])
                        m.set_order2(p, x, Blossom<N, G>::kAbsent);
                    else
                        m.set_order2(p, x, 2 * static_cast<int64_t>(hi - p) * (hi - x));
                }
            }
            return true;
        } else {
            (void)lo, (void)hi, (void)top;
            return false;
        }
    }
    void remove_edges(int u, const std::vector<int>& xs) override {
        for (int x : xs) m.set_w2(u, x, Wide<N>::zero());
    }
    Buf get_w2(int u, int v) const override {
        const Wide<N> x = m.w2(u, v);
        Buf r;
        for (int i = 0; i < kBufLimbs; ++i)
            r.l[i] = i < N ? x.l[i] : (x.is_neg() ? ~uint64_t(0) : 0);
        return r;
    }
    bool has(int u, int v) const override { return m.w2(u, v).is_pos(); }
    void row(int u, int lo, int hi, std::vector<int>& out) const override {
        for (int x = lo; x < hi; ++x)
            if (x != u && m.w2(u, x).is_pos()) out.push_back(x);
    }
    void mark_dirty(int v) override { m.mark_dirty(v); }
    void mark_fresh() override { m.mark_fresh(); }
    void resize(int n) override { m.resize(n); }
    std::vector<int> solve() override { return m.solve(); }
    std::string check() const override { return m.check(); }
    std::vector<long> stats() const override { return {m.stages, m.steps, m.scans, m.work}; }
    void seed(const std::vector<Buf>& duals) override {
        std::vector<Wide<N>> out(duals.size());
        for (size_t q = 0; q < duals.size(); ++q)
            for (int i = 0; i < N; ++i) out[q].l[i] = duals[q].l[i];
        m.seed(std::move(out));
    }
    size_t first_open(int u, const std::vector<int>& vs, const Buf& limit2) const override {
        Wide<N> x;
        for (int i = 0; i < N; ++i) x.l[i] = limit2.l[i];
        return m.first_open(u, vs, x);
    }
};

// An engine of `limbs` limbs over n vertices; G = fairpair::ClassOrder: the compact
// class graph (Blossom<N, ClassOrder>).
template <class G = void>
std::unique_ptr<Engine> make_engine(int limbs, int n) {
    return with_limbs(limbs, [n](auto l) -> std::unique_ptr<Engine> {
        return std::make_unique<EngineN<decltype(l)::value, G>>(n);
    });
}

void check_vertex(long v, int n) {
    if (v < 0 || v >= n)
        throw py::value_error("vertex " + std::to_string(v) + " out of range 0.." +
                              std::to_string(n - 1));
}

struct ParsedEdge {
    int u, v;
    PyObject* w;  // borrowed from the edge list, which stays alive
};

// Read (u, v, w) triples from a list or tuple.
std::vector<ParsedEdge> parse_edges(py::handle edges, int n, py::list& keep) {
    PyObject* seq = PySequence_Fast(edges.ptr(), "edges must be an iterable of (u, v, w)");
    if (seq == nullptr) throw py::error_already_set();
    py::object holder = py::reinterpret_steal<py::object>(seq);
    keep.append(holder);
    const Py_ssize_t m = PySequence_Fast_GET_SIZE(seq);
    PyObject** items = PySequence_Fast_ITEMS(seq);
    std::vector<ParsedEdge> out;
    out.reserve(static_cast<size_t>(m));
    for (Py_ssize_t k = 0; k < m; ++k) {
        PyObject* e = items[k];
        PyObject *pu, *pv, *pw;
        if (PyTuple_Check(e) && PyTuple_GET_SIZE(e) == 3) {
            pu = PyTuple_GET_ITEM(e, 0);
            pv = PyTuple_GET_ITEM(e, 1);
            pw = PyTuple_GET_ITEM(e, 2);
        } else {
            PyObject* t = PySequence_Fast(e, "each edge must be a (u, v, w) triple");
            if (t == nullptr) throw py::error_already_set();
            py::object th = py::reinterpret_steal<py::object>(t);
            if (PySequence_Fast_GET_SIZE(t) != 3)
                throw py::value_error("each edge must be a (u, v, w) triple");
            keep.append(th);
            pu = PySequence_Fast_GET_ITEM(t, 0);
            pv = PySequence_Fast_GET_ITEM(t, 1);
            pw = PySequence_Fast_GET_ITEM(t, 2);
        }
        const long u = PyLong_AsLong(pu);
        if (u == -1 && PyErr_Occurred()) throw py::error_already_set();
        const long v = PyLong_AsLong(pv);
        if (v == -1 && PyErr_Occurred()) throw py::error_already_set();
        check_vertex(u, n);
        check_vertex(v, n);
        if (u == v) throw py::value_error("self-loop on vertex " + std::to_string(u));
        out.push_back(ParsedEdge{static_cast<int>(u), static_cast<int>(v), pw});
    }
    return out;
}

// ------------------------------------------------------------ one-shot function

std::vector<int> max_weight_matching(int n, py::handle edges, bool max_cardinality) {
    if (n < 0) throw py::value_error("n must be >= 0");
    py::list keep;
    std::vector<ParsedEdge> parsed = parse_edges(edges, n, keep);
    int bits = 0;
    for (const ParsedEdge& e : parsed) {
        const int b = weight_bits(e.w);
        if (max_cardinality || is_positive(e.w)) bits = std::max(bits, b);
    }
    // Maximum cardinality: add K = 2^(bits + bitlen(n)) to every edge; K exceeds the
    // weight difference of any two matchings, so the heaviest matching of the shifted
    // weights has maximum cardinality, and among those maximum original weight.
    int shift = -1;
    int need = bits;
    if (max_cardinality && !parsed.empty()) {
        int nbits = 0;
        while ((1L << nbits) <= n) ++nbits;
        shift = bits + nbits;
        need = shift + 1;
    }
    check_bits(need);
    std::unique_ptr<Engine> eng = make_engine(limbs_for(need), n);
    Buf k = Buf::zero();
    if (shift >= 0) k.l[shift / 64] = uint64_t(1) << (shift % 64);
    for (const ParsedEdge& e : parsed) {
        Buf w = to_buf(e.w);
        if (shift >= 0)
            w = w + k;
        else if (!w.is_pos())
            w = Buf::zero();  // never worth matching without max_cardinality
        eng->set_w2(e.u, e.v, w + w);
    }
    std::vector<int> mate;
    {
        py::gil_scoped_release release;
        mate = eng->solve();
    }
    return mate;
}

// ------------------------------------------------------------ incremental matcher

class Matcher {
  public:
    explicit Matcher(int n) {
        if (n < 0) throw py::value_error("n must be >= 0");
        eng_ = make_engine(1, n);
    }

    int n() const { return eng_->size(); }
    int limbs() const { return eng_->limbs(); }
    std::vector<long> stats() const { return eng_->stats(); }

    void set_weight(long u, long v, py::handle w) {
        const int n = eng_->size();
        check_vertex(u, n);
        check_vertex(v, n);
        if (u == v) throw py::value_error("self-loop on vertex " + std::to_string(u));
        store(static_cast<int>(u), static_cast<int>(v), w);
    }

    void set_weights(py::handle edges) {
        py::list keep;
        std::vector<ParsedEdge> parsed = parse_edges(edges, eng_->size(), keep);
        int bits = 0;
        for (const ParsedEdge& e : parsed)
            if (e.w != Py_None) bits = std::max(bits, weight_bits(e.w));
        widen(bits);
        for (const ParsedEdge& e : parsed) store(e.u, e.v, py::handle(e.w));
    }

    void set_vertex_weights(long u, py::handle weights) {
        const int n = eng_->size();
        check_vertex(u, n);
        PyObject* seq = PySequence_Fast(weights.ptr(), "weights must be a sequence");
        if (seq == nullptr) throw py::error_already_set();
        py::object holder = py::reinterpret_steal<py::object>(seq);
        if (PySequence_Fast_GET_SIZE(seq) != n)
            throw py::value_error("weights must have one entry per vertex");
        PyObject** items = PySequence_Fast_ITEMS(seq);
        int bits = 0;
        for (int v = 0; v < n; ++v)
            if (v != u && items[v] != Py_None) bits = std::max(bits, weight_bits(items[v]));
        widen(bits);
        eng_->mark_dirty(static_cast<int>(u));
        for (int v = 0; v < n; ++v)
            if (v != u) store(static_cast<int>(u), v, py::handle(items[v]));
    }

    py::int_ weight(long u, long v) const {
        const int n = eng_->size();
        check_vertex(u, n);
        check_vertex(v, n);
        if (u == v) return py::int_(0);
        const Buf w2 = eng_->get_w2(static_cast<int>(u), static_cast<int>(v));
        Buf w;
        for (int i = 0; i < kBufLimbs - 1; ++i) w.l[i] = (w2.l[i] >> 1) | (w2.l[i + 1] << 63);
        w.l[kBufLimbs - 1] = w2.l[kBufLimbs - 1] >> 1;
        return buf_to_int(w);
    }

    void resize(int n) {
        if (n < 0) throw py::value_error("n must be >= 0");
        eng_->resize(n);
    }

    std::vector<int> solve() {
        py::gil_scoped_release release;
        return eng_->solve();
    }

    std::string check() const { return eng_->check(); }

    void restart() { eng_->mark_fresh(); }

  private:
    std::unique_ptr<Engine> eng_;

    // Switch to a wider integer type if weights of `bits` bits do not fit (re-solves
    // from scratch next time).
    void widen(int bits) {
        check_bits(bits);
        if (bits <= max_bits(eng_->limbs())) return;
        const int n = eng_->size();
        std::unique_ptr<Engine> wider = make_engine(limbs_for(bits), n);
        for (int u = 0; u < n; ++u)
            for (int v = u + 1; v < n; ++v) {
                const Buf w2 = eng_->get_w2(u, v);
                if (w2.is_pos()) wider->set_w2(u, v, w2);
            }
        wider->mark_fresh();
        eng_ = std::move(wider);
    }

    void store(int u, int v, py::handle w) {
        if (w.is_none()) {
            eng_->set_w2(u, v, Buf::zero());
            return;
        }
        const Buf x = to_buf(w.ptr());
        if (!x.is_pos()) {
            eng_->set_w2(u, v, Buf::zero());
            return;
        }
        widen(bit_length(x));
        eng_->set_w2(u, v, x + x);
    }
};


// ------------------------------------------------------------ bracket graph

// The weighted graph of one bracket of a pairing system whose edge weights are
//     weight(i, j) = (table[class(i)][class(j)] << shift) + order(i, j),  i < j,
// with `table` the criteria of a pair of player classes and `order` small tie-breaks set
// edge by edge (0 by default). The graph is built in C++ (no Python object per edge)
// and the operations that touch whole rows (a player's edges in a vertex range) run
// here, so that a bracket of n players costs O(n^2) machine steps, not Python steps.
// Edges: every pair whose table entry is > 0, except the `blocked` pairs and the pairs
// of two vertices with the same non-zero `tag` (both the same absolute colour).
class BracketGraph {
  public:
    BracketGraph(int n, const std::vector<int>& classes, py::handle table, int shift,
                 const std::vector<int>& tags,
                 const std::vector<std::pair<int, int>>& blocked, bool compact) {
        if (n < 0) throw py::value_error("n must be >= 0");
        if (static_cast<int>(classes.size()) != n || static_cast<int>(tags.size()) != n)
            throw py::value_error("classes and tags need one entry per vertex");
        if (shift < 0) throw py::value_error("shift must be >= 0");
        shift_ = shift;
        PyObject* seq = PySequence_Fast(table.ptr(), "table must be a sequence of ints");
        if (seq == nullptr) throw py::error_already_set();
        py::object holder = py::reinterpret_steal<py::object>(seq);
        const Py_ssize_t kk = PySequence_Fast_GET_SIZE(seq);
        int k = 0;
        while (static_cast<Py_ssize_t>(k) * k < kk) ++k;
        if (static_cast<Py_ssize_t>(k) * k != kk)
            throw py::value_error("table must hold k*k entries");
        k_ = k;
        for (int c : classes)
            if (c < 0 || c >= k) throw py::value_error("class out of range");
        cls_ = classes;
        PyObject** items = PySequence_Fast_ITEMS(seq);
        int bits = 0;
        table_.assign(static_cast<size_t>(kk), Buf::zero());
        for (Py_ssize_t q = 0; q < kk; ++q) {
            if (items[q] == Py_None) continue;
            const Buf x = to_buf(items[q]);
            if (!x.is_pos()) continue;
            bits = std::max(bits, bit_length(x));
            table_[static_cast<size_t>(q)] = x;
        }
        // Weights stay below (max entry + 1) << shift (|orders| < 1 << (shift - 1)).
        const int need = bits + shift + 1;
        check_bits(need);
        for (Py_ssize_t q = 0; q < kk; ++q)
            if (table_[static_cast<size_t>(q)].is_pos())
                table_[static_cast<size_t>(q)] = shl(table_[static_cast<size_t>(q)], shift);
        // Compact: the matrix holds the order parts only (the criteria part comes from
        // the class table); an order too wide for it turns the engine dense (set).
        if (compact) {
            eng_ = make_engine<fairpair::ClassOrder>(limbs_for(need), n);
            std::vector<Buf> doubled(table_.size(), Buf::zero());
            for (size_t q = 0; q < table_.size(); ++q) doubled[q] = table_[q] + table_[q];
            eng_->set_classes(cls_, k_, doubled);
        } else {
            eng_ = make_engine(limbs_for(need), n);
        }
        std::vector<std::vector<int>> block(static_cast<size_t>(n));
        for (const auto& [a, b] : blocked) {
            check_vertex(a, n);
            check_vertex(b, n);
            block[static_cast<size_t>(a)].push_back(b);
            block[static_cast<size_t>(b)].push_back(a);
        }
        if (eng_->fill_edges(tags, block)) return;
        std::vector<int> stamp(static_cast<size_t>(n), -1);
        for (int i = 0; i < n; ++i) {
            for (int b : block[static_cast<size_t>(i)]) stamp[static_cast<size_t>(b)] = i;
            const Buf* row = &table_[static_cast<size_t>(cls_[i]) * k_];
            const int tag = tags[static_cast<size_t>(i)];
            for (int j = i + 1; j < n; ++j) {
                if (stamp[static_cast<size_t>(j)] == i) continue;
                if (tag != 0 && tags[static_cast<size_t>(j)] == tag) continue;
                const Buf& w = row[cls_[j]];
                if (w.is_pos()) set(i, j, w + w);
            }
        }
    }

    int n() const { return eng_->size(); }
    int limbs() const { return eng_->limbs(); }

    bool has_edge(long u, long v) const {
        check_pair(u, v);
        return eng_->has(static_cast<int>(u), static_cast<int>(v));
    }

    std::vector<int> neighbours(long u, long lo, long hi) const {
        check_vertex(u, n());
        std::vector<int> out;
        eng_->row(static_cast<int>(u), clamp(lo), clamp(hi), out);
        return out;
    }

    // The criteria part of the weight of u-v (without the order; 0: no edge).
    py::int_ main_weight(long u, long v) const {
        check_pair(u, v);
        if (!eng_->has(static_cast<int>(u), static_cast<int>(v))) return py::int_(0);
        const int a = static_cast<int>(std::min(u, v)), b = static_cast<int>(std::max(u, v));
        Buf w = table_[static_cast<size_t>(cls_[a]) * k_ + cls_[b]];
        return buf_to_int(shr(w, shift_));
    }

    void set_order(long u, long v, py::handle value) {
        check_pair(u, v);
        put(static_cast<int>(u), static_cast<int>(v), order_of(value));
    }

    // order(u, vs[i]) = values[i].
    void set_orders(long u, const std::vector<int>& vs, py::handle values) {
        check_vertex(u, n());
        PyObject* seq = PySequence_Fast(values.ptr(), "values must be a sequence of ints");
        if (seq == nullptr) throw py::error_already_set();
        py::object holder = py::reinterpret_steal<py::object>(seq);
        if (PySequence_Fast_GET_SIZE(seq) != static_cast<Py_ssize_t>(vs.size()))
            throw py::value_error("one value per vertex");
        PyObject** items = PySequence_Fast_ITEMS(seq);
        std::vector<Buf> orders;
        orders.reserve(vs.size());
        for (size_t q = 0; q < vs.size(); ++q) {
            check_pair(u, vs[q]);
            orders.push_back(order_of(py::handle(items[q])));
        }
        if (eng_->compact()) {
            std::vector<int64_t> o2;
            o2.reserve(vs.size());
            for (const Buf& x : orders) {
                if (!doubled_fits(x)) break;
                o2.push_back(2 * static_cast<int64_t>(x.l[0]));
            }
            if (o2.size() == vs.size() && eng_->put_order2(static_cast<int>(u), vs, o2)) return;
        }
        for (size_t q = 0; q < vs.size(); ++q) put(static_cast<int>(u), vs[q], orders[q]);
    }

    // order(u, x) = value for every edge u-x with lo <= x < hi.
    void set_order_range(long u, long lo, long hi, py::handle value) {
        check_vertex(u, n());
        const Buf order = order_of(value);
        std::vector<int> xs;
        eng_->row(static_cast<int>(u), clamp(lo), clamp(hi), xs);
        if (eng_->compact() && doubled_fits(order) &&
            eng_->put_order2(static_cast<int>(u), xs, {2 * static_cast<int64_t>(order.l[0])}))
            return;
        for (int x : xs) put(static_cast<int>(u), x, order);
    }

    void remove(long u, long v) {
        check_pair(u, v);
        set(static_cast<int>(u), static_cast<int>(v), Buf::zero());
    }

    // Remove every edge u-x with lo <= x < hi.
    void remove_range(long u, long lo, long hi) {
        check_vertex(u, n());
        std::vector<int> xs;
        eng_->row(static_cast<int>(u), clamp(lo), clamp(hi), xs);
        eng_->remove_edges(static_cast<int>(u), xs);
    }

    // Remove every edge of u (u is marked changed).
    void isolate(long u) {
        check_vertex(u, n());
        eng_->mark_dirty(static_cast<int>(u));
        remove_range(u, 0, n());
    }

    // Among the vertices lo..hi-1, keep only the edges from a `top` vertex p to a later
    // vertex x that is not `top`, with the order (hi - p) * (hi - x); remove the other
    // edges between them (S1 is decided: only its players may be the higher player of
    // a pair). The order is a hint: among equal pairings the matching then prefers the
    // earlier players of S1 with the earlier ones of S2 (D.1's first transposition).
    void keep_top_to_rest(long lo, long hi, const std::vector<bool>& top) {
        const int n = this->n();
        if (static_cast<int>(top.size()) != n) throw py::value_error("one flag per vertex");
        const int a = clamp(lo), b = clamp(hi);
        if (b - a < (1 << 30) && eng_->keep_top(a, b, top)) return;
        std::vector<int> xs;
        for (int p = a; p < b; ++p) {
            xs.clear();
            eng_->row(p, p + 1, b, xs);
            for (int x : xs) {
                if (!top[static_cast<size_t>(p)] || top[static_cast<size_t>(x)])
                    set(p, x, Buf::zero());
                else
                    put(p, x, Buf::small(static_cast<int64_t>(b - p) * (b - x)));
            }
        }
    }

    std::vector<int> solve() {
        py::gil_scoped_release release;
        return eng_->solve();
    }

    std::string check() const { return eng_->check(); }
    std::vector<long> stats() const { return eng_->stats(); }
    bool compact() const { return eng_->compact(); }

    // The index in `vs` of the first vertex v whose edge u-v may still be in an optimal
    // matching (len(vs) if none): the edges before it are provably in none, by the duals
    // of the last solve (a slack of one unit of the criteria part or more). Valid while
    // every matching's order parts sum to less than 1 << (shift - 1) in absolute value
    // (how the pairing engines lay out their weights) and, since the last solve, only
    // decided pairs were taken out (isolate); otherwise 0 (nothing known).
    size_t first_open(long u, const std::vector<int>& vs) const {
        check_vertex(u, n());
        for (int v : vs) check_vertex(v, n());
        return eng_->first_open(static_cast<int>(u), vs, shl(Buf::small(1), shift_ + 1));
    }

    // Forget the solution (the next solve starts afresh) and seed that solve with
    // `duals`, doubled, in the units of the whole weight (criteria << shift plus order):
    // cheaper than repairing a solution after nearly every weight changed, when the
    // caller knows good duals for the new weights.
    void restart(py::handle duals) {
        int bits = 0;
        const std::vector<Buf> out = per_vertex(duals, 0, bits);
        eng_->mark_fresh();
        if (bits <= 64 * limbs() - 4) eng_->seed(out);  // too wide: the default start
    }

    // Starting duals of the next fresh solve, in doubled criteria units (duals[i] +
    // duals[j] >= 2 * criteria(i, j), e.g. an optimal dual of a class-level relaxation);
    // the matcher's duals are duals[v] << shift.
    void seed_duals(py::handle duals) {
        int bits = 0;
        const std::vector<Buf> out = per_vertex(duals, shift_, bits);
        if (bits + shift_ + 1 > 64 * limbs() - 4) return;  // would not fit: no seed
        eng_->seed(out);
    }

  private:
    std::unique_ptr<Engine> eng_;
    std::vector<int> cls_;
    std::vector<Buf> table_;  // (criteria << shift), per ordered pair of classes
    int k_ = 0;
    int shift_ = 0;

    // One int per vertex from a Python sequence, each shifted left by `shift`; `bits`
    // receives the widest value's bit length before the shift.
    std::vector<Buf> per_vertex(py::handle values, int shift, int& bits) const {
        PyObject* seq = PySequence_Fast(values.ptr(), "duals must be a sequence of ints");
        if (seq == nullptr) throw py::error_already_set();
        py::object holder = py::reinterpret_steal<py::object>(seq);
        const Py_ssize_t len = PySequence_Fast_GET_SIZE(seq);
        if (len != n()) throw py::value_error("one dual per vertex");
        PyObject** items = PySequence_Fast_ITEMS(seq);
        std::vector<Buf> out(static_cast<size_t>(len));
        bits = 0;
        for (Py_ssize_t q = 0; q < len; ++q) {
            const Buf x = to_buf(items[q]);
            bits = std::max(bits, bit_length(x));
            out[static_cast<size_t>(q)] = shift ? shl(x, shift) : x;
        }
        return out;
    }

    int clamp(long x) const {
        return static_cast<int>(std::max(0L, std::min(x, static_cast<long>(n()))));
    }

    void check_pair(long u, long v) const {
        check_vertex(u, n());
        check_vertex(v, n());
        if (u == v) throw py::value_error("self-loop on vertex " + std::to_string(u));
    }

    static Buf shl(const Buf& x, int s) {
        Buf r = Buf::zero();
        const int words = s / 64, bits = s % 64;
        for (int i = kBufLimbs - 1; i >= words; --i) {
            uint64_t v = x.l[i - words] << bits;
            if (bits && i - words - 1 >= 0) v |= x.l[i - words - 1] >> (64 - bits);
            r.l[i] = v;
        }
        return r;
    }

    static Buf shr(const Buf& x, int s) {
        Buf r = Buf::zero();
        const int words = s / 64, bits = s % 64;
        for (int i = 0; i + words < kBufLimbs; ++i) {
            uint64_t v = x.l[i + words] >> bits;
            if (bits && i + words + 1 < kBufLimbs) v |= x.l[i + words + 1] << (64 - bits);
            r.l[i] = v;
        }
        return r;
    }

    Buf order_of(py::handle value) const {
        const Buf x = to_buf(value.ptr());
        if (bit_length(x) >= shift_)
            throw py::value_error("an order must lie strictly between -2**(shift-1) and 2**(shift-1)");
        return x;
    }

    // Set the order of u-v (u is marked changed); nothing if there is no edge.
    void put(int u, int v, const Buf& order) {
        if (!eng_->has(u, v)) return;
        const int a = std::min(u, v), b = std::max(u, v);
        const Buf w = table_[static_cast<size_t>(cls_[a]) * k_ + cls_[b]] + order;
        set(u, v, w + w);
    }

    // Does twice the order x fit a signed 64-bit word (and is not its sentinel)?
    static bool doubled_fits(const Buf& x) {
        const int64_t low = static_cast<int64_t>(x.l[0]);
        return fairpair::fits_i64(x) && low > -(int64_t(1) << 62) && low < (int64_t(1) << 62);
    }

    // Set a doubled weight; a compact engine that cannot hold it (an order part wider
    // than 64 bits) is first replaced by a dense one with the same weights (the next
    // solve then starts afresh).
    void set(int u, int v, const Buf& w2) {
        if (eng_->set_w2(u, v, w2)) return;
        const int n = eng_->size();
        std::unique_ptr<Engine> dense = make_engine(eng_->limbs(), n);
        for (int i = 0; i < n; ++i)
            for (int j = i + 1; j < n; ++j)
                if (eng_->has(i, j)) dense->set_w2(i, j, eng_->get_w2(i, j));
        eng_ = std::move(dense);
        eng_->set_w2(u, v, w2);
    }
};


// ------------------------------------------------------------ McMahon round graph

// acc += b * t (two's complement, modulo 2^(64 M)).
template <int M>
FAIRPAIR_FORCE_INLINE inline void add_mul(Wide<M>& acc, const Wide<M>& b, uint64_t t) {
    if (t == 0) return;
    unsigned __int128 carry = 0;
    for (int i = 0; i < M; ++i) {
        const unsigned __int128 p =
            static_cast<unsigned __int128>(b.l[i]) * t + acc.l[i] + carry;
        acc.l[i] = static_cast<uint64_t>(p);
        carry = p >> 64;
    }
}

template <int M>
int wide_bits(const Wide<M>& x) {
    const Wide<M> a = x.is_neg() ? Wide<M>::zero() - x : x;
    for (int i = M - 1; i >= 0; --i)
        if (a.l[i] != 0) return 64 * i + 64 - __builtin_clzll(a.l[i]);
    return 0;
}

// The low M limbs (the value modulo 2^(64 M)).
template <int M>
Wide<M> narrow(const Buf& x) {
    Wide<M> r;
    for (int i = 0; i < M; ++i) r.l[i] = x.l[i];
    return r;
}

template <int M>
Buf widen_buf(const Wide<M>& x) {
    Buf r;
    for (int i = 0; i < kBufLimbs; ++i) r.l[i] = i < M ? x.l[i] : (x.is_neg() ? ~uint64_t(0) : 0);
    return r;
}

// The graph of one round of the AGA McMahon system (fairpair.systems.mcmahon.pairing),
// built from per-player arrays instead of one Python tuple per edge. Players are the
// vertices 0..n-1 in the order of the pool (score groups contiguous), the forced bye is
// vertex n. `components` joins the allowed pairs of the admitted score-group pairs (and
// the bye to its candidates) into connected components; `solve` finds the optimal
// matching of one component exactly as fairpair.matching.max_weight_matching(...,
// max_cardinality=True) does on the same edges and weights: the same weights (each
// game's tier values, computed here as pairing.edge_tiers computes them, times the tier
// bases, subtracted from `top`), the same offset for maximum cardinality, the same
// blossom algorithm. A component small enough gets the matcher's n x n weight matrix; a
// larger one is solved over the implicit graph (Blossom<N, Rows<N>>: each weight
// computed when the algorithm reads it), the same algorithm in O(n) memory.
class McMahonGraph {
  public:
    McMahonGraph(const std::vector<int>& group, const std::vector<long long>& units,
                 const std::vector<int>& pos, const std::vector<int>& size,
                 const std::vector<int>& half, const std::vector<int>& shift,
                 const std::vector<int>& middle, const std::vector<int>& floated,
                 const std::vector<int>& white_cost, const std::vector<int>& black_cost,
                 const std::vector<int>& strength_place, const std::vector<int>& stone_key,
                 const std::vector<int>& stones, const std::vector<int>& avoid, int attrs,
                 const std::vector<std::pair<int, int>>& blocked, bool float_rule,
                 bool colour, bool avoidance)
        : stones_(stones), avoid_(avoid), float_rule_(float_rule), colour_(colour),
          avoidance_(avoidance) {
        n_ = static_cast<int>(group.size());
        attrs_ = attrs;
        const size_t n = static_cast<size_t>(n_);
        for (const auto* v : {&pos, &size, &half, &shift, &middle, &floated, &white_cost,
                              &black_cost, &strength_place, &stone_key})
            if (v->size() != n) throw py::value_error("one entry per player");
        if (units.size() != n) throw py::value_error("one entry per player");
        if (attrs < 0 || avoid.size() != n * static_cast<size_t>(attrs))
            throw py::value_error("avoid needs attrs entries per player");
        int k = 0;
        while (static_cast<size_t>(k) * k < stones.size()) ++k;
        if (k == 0 || static_cast<size_t>(k) * k != stones.size())
            throw py::value_error("stones must hold k*k entries, k >= 1");
        k_ = k;
        max_stones_ = 0;
        for (int x : stones) {
            if (x < 0) throw py::value_error("stones must be >= 0");
            max_stones_ = std::max(max_stones_, x);
        }
        pl_.resize(n);
        for (size_t i = 0; i < n; ++i) {
            if (stone_key[i] < 0 || stone_key[i] >= k) throw py::value_error("stone key out of range");
            if (group[i] < 0 || (i > 0 && group[i] < group[i - 1]))
                throw py::value_error("groups must be non-decreasing and >= 0");
            if (units[i] >= (1LL << 30) || units[i] <= -(1LL << 30))
                throw py::value_error("scores out of range");
            if (pos[i] < 0 || size[i] < 0) throw py::value_error("places must be >= 0");
            pl_[i] = Player{units[i],    group[i],      pos[i],         size[i],
                            half[i],     shift[i],      middle[i],      floated[i],
                            white_cost[i], black_cost[i], strength_place[i], stone_key[i]};
        }
        ng_ = n_ ? group[n - 1] + 1 : 0;
        start_.assign(static_cast<size_t>(ng_) + 1, n_);
        for (int i = n_ - 1; i >= 0; --i) start_[static_cast<size_t>(group[i])] = i;
        for (int g = ng_ - 1; g >= 0; --g) start_[g] = std::min(start_[g], start_[g + 1]);
        block_.assign(n, {});
        for (const auto& [a, b] : blocked) {
            check_vertex(a, n_);
            check_vertex(b, n_);
            block_[static_cast<size_t>(a)].push_back(b);
            block_[static_cast<size_t>(b)].push_back(a);
        }
        for (auto& row : block_) {
            std::sort(row.begin(), row.end());
            row.erase(std::unique(row.begin(), row.end()), row.end());
        }
        stamp_.assign(n, -1);
        local_.assign(n + 1, -1);
        kept_.assign(static_cast<size_t>(ng_) * ng_, 0);
        bye_.assign(n, 0);
    }

    int n() const { return n_; }

    // Components whose n x n weight matrix would take more bytes than this are solved
    // over the implicit graph: the same algorithm, so the same matching, in O(n) memory.
    long long dense_limit = 256LL << 20;

    // Connected components (vertex lists in increasing order, the bye vertex n last) of
    // the allowed pairs between the score groups of `kept` (pairs (g, h)) plus the bye
    // vertex joined to `bye`; the graph `solve` uses until the next call.
    std::vector<std::vector<int>> components(const std::vector<std::pair<int, int>>& kept,
                                             const std::vector<int>& bye) {
        std::fill(kept_.begin(), kept_.end(), 0);
        for (const auto& [g, h] : kept) {
            if (g < 0 || h < 0 || g >= ng_ || h >= ng_) throw py::value_error("group out of range");
            kept_[static_cast<size_t>(g) * ng_ + h] = kept_[static_cast<size_t>(h) * ng_ + g] = 1;
        }
        std::fill(bye_.begin(), bye_.end(), 0);
        for (int b : bye) {
            check_vertex(b, n_);
            bye_[static_cast<size_t>(b)] = 1;
        }
        has_bye_ = !bye.empty();
        bye_list_.clear();
        for (int v = 0; v < n_; ++v)
            if (bye_[static_cast<size_t>(v)]) bye_list_.push_back(v);
        const int total = n_ + (has_bye_ ? 1 : 0);
        std::vector<int> parent(static_cast<size_t>(total));
        for (int v = 0; v < total; ++v) parent[v] = v;
        auto find = [&parent](int v) {
            while (parent[v] != v) {
                parent[v] = parent[parent[v]];
                v = parent[v];
            }
            return v;
        };
        for (int i = 0; i < n_; ++i) {
            for_neighbours(i, [&](int j) {
                const int a = find(i), b = find(j);
                if (a != b) parent[a] = b;
            });
            if (bye_[i]) {
                const int a = find(i), b = find(n_);
                if (a != b) parent[a] = b;
            }
        }
        std::vector<int> slot(static_cast<size_t>(total), -1);
        std::vector<std::vector<int>> comps;
        for (int v = 0; v < total; ++v) {
            const int r = find(v);
            if (slot[r] == -1) {
                slot[r] = static_cast<int>(comps.size());
                comps.emplace_back();
            }
            comps[static_cast<size_t>(slot[r])].push_back(v);
        }
        return comps;
    }

    // Maximum-weight maximum-cardinality matching of the component `comp` (from
    // `components`) with weight(i, j) = top - sum_k tier_k(i, j) * coefficients[k]:
    // coefficients of the bye, score, float, colour and floater tiers, one per avoided
    // attribute, one per handicap stone (avoidance), then switch, split and low.
    // Returns mate[] in positions of `comp` (-1: unmatched). OverflowError when the
    // weights are too wide for the compiled matcher.
    std::vector<int> solve(const std::vector<int>& comp, py::handle coefficients,
                           py::handle top) {
        PyObject* seq = PySequence_Fast(coefficients.ptr(), "coefficients must be a sequence");
        if (seq == nullptr) throw py::error_already_set();
        py::object holder = py::reinterpret_steal<py::object>(seq);
        if (PySequence_Fast_GET_SIZE(seq) != 9 + attrs_)
            throw py::value_error("9 + attrs coefficients");
        PyObject** items = PySequence_Fast_ITEMS(seq);
        std::vector<Buf> coefs;
        const Buf top_buf = to_buf(top.ptr());
        if (top_buf.is_neg()) throw py::value_error("top must be >= 0");
        int bits = bit_length(top_buf);
        for (int q = 0; q < 9 + attrs_; ++q) {
            const Buf c = to_buf(items[q]);
            if (c.is_neg()) throw py::value_error("coefficients must be >= 0");
            coefs.push_back(c);
            bits = std::max(bits, bit_length(c));
        }
        // Room for a 64-bit tier value times a coefficient, summed over all terms.
        const int room = bits + 64 + 8;
        for (int m : {2, 3, 4, 6, 9, 16})
            if (room <= 64 * m - 1) return solve_m(m, comp, coefs, top_buf);
        PyErr_Format(PyExc_OverflowError, "matching weight exceeds the supported %d bits",
                     kMaxWeightBits);
        throw py::error_already_set();
    }

  private:
    struct Player {
        long long units;
        int group, pos, size, half, shift, middle, floated, wc, bc, place, skey;
    };
    int n_ = 0, ng_ = 0, k_ = 0, attrs_ = 0, max_stones_ = 0;
    std::vector<Player> pl_;
    std::vector<int> stones_, avoid_;
    bool float_rule_, colour_, avoidance_;
    std::vector<int> start_;  // first vertex of each group (start_[ng_] = n_)
    std::vector<std::vector<int>> block_;  // blocked partners of each vertex, sorted
    std::vector<int> stamp_, local_;
    std::vector<char> kept_, bye_;
    std::vector<int> bye_list_;
    bool has_bye_ = false;

    // f(j) for every allowed partner j > i in an admitted group pair, increasing.
    template <class F>
    void for_neighbours(int i, F&& f) {
        for (int b : block_[static_cast<size_t>(i)]) stamp_[static_cast<size_t>(b)] = i;
        const int g = pl_[i].group;
        const char* row = &kept_[static_cast<size_t>(g) * ng_];
        for (int h = g; h < ng_; ++h) {
            if (!row[h]) continue;
            for (int j = std::max(i + 1, start_[h]); j < start_[h + 1]; ++j)
                if (stamp_[static_cast<size_t>(j)] != i) f(j);
        }
        for (int b : block_[static_cast<size_t>(i)]) stamp_[static_cast<size_t>(b)] = -1;
    }

    // The coefficients of one component in X limbs, with tables of their small multiples
    // (the tier values are small: a game's penalty is then a few additions).
    template <int X>
    struct Terms {
        std::vector<Wide<X>> c;
        std::vector<Wide<X>> score, split;            // c * d^2
        std::vector<Wide<X>> low, floater, colour, flt, stones;  // c * v
        FAIRPAIR_FORCE_INLINE inline void lin(Wide<X>& p, const std::vector<Wide<X>>& tab, int k, long long v) const {
            if (v <= 0) return;
            if (v < static_cast<long long>(tab.size()))
                p = p + tab[static_cast<size_t>(v)];
            else
                add_mul(p, c[k], static_cast<uint64_t>(v));
        }
        FAIRPAIR_FORCE_INLINE inline void sq(Wide<X>& p, const std::vector<Wide<X>>& tab, int k, long long d) const {
            if (d < 0) d = -d;
            if (d == 0) return;
            if (d < static_cast<long long>(tab.size()))
                p = p + tab[static_cast<size_t>(d)];
            else
                add_mul(p, c[k], static_cast<uint64_t>(d) * static_cast<uint64_t>(d));
        }
    };

    static constexpr long long kTable = 1 << 16;

    template <int X>
    static std::vector<Wide<X>> multiples(const Wide<X>& c, long long count, bool square) {
        std::vector<Wide<X>> tab(static_cast<size_t>(std::max(1LL, std::min(count, kTable))));
        tab[0] = Wide<X>::zero();
        Wide<X> step = c;  // square: c * (2d - 1)
        for (size_t d = 1; d < tab.size(); ++d) {
            tab[d] = tab[d - 1] + step;
            if (square) step = step + c + c;
        }
        return tab;
    }

    template <int X>
    Terms<X> terms(const std::vector<Buf>& coefs, const std::vector<int>& comp) const {
        Terms<X> t;
        for (const Buf& x : coefs) t.c.push_back(narrow<X>(x));
        long long gmax = 0, lo = 0, hi = 0;
        bool first = true;
        for (int v : comp) {
            if (v == n_) continue;
            const Player& p = pl_[static_cast<size_t>(v)];
            gmax = std::max<long long>(gmax, p.size);
            gmax = std::max<long long>(gmax, p.pos);
            lo = first ? p.units : std::min(lo, p.units);
            hi = first ? p.units : std::max(hi, p.units);
            first = false;
        }
        const int a = attrs_;
        t.score = multiples<X>(t.c[1], hi - lo + 1, true);
        t.flt = multiples<X>(t.c[2], 3, false);
        t.colour = multiples<X>(t.c[3], 5, false);
        t.floater = multiples<X>(t.c[4], gmax + 1, false);
        t.stones = multiples<X>(t.c[5 + a], max_stones_ + 1, false);
        t.split = multiples<X>(t.c[7 + a], gmax + 2, true);
        t.low = multiples<X>(t.c[8 + a], 2 * gmax + 1, false);
        return t;
    }

    // Tier values of the game a-b (as pairing.edge_tiers) times the coefficients.
    template <int X>
    FAIRPAIR_FORCE_INLINE inline Wide<X> penalty(int a, int b, const Terms<X>& t) const {
        const Player* A = &pl_[static_cast<size_t>(a)];
        const Player* B = &pl_[static_cast<size_t>(b)];
        if (A->units < B->units || (A->units == B->units && A->pos > B->pos)) {
            std::swap(A, B);  // A: the higher player (score, then place)
            std::swap(a, b);
        }
        Wide<X> p = Wide<X>::zero();
        const long long diff = A->units - B->units;
        int stones = 0;
        if (colour_ || avoidance_) stones = stones_[static_cast<size_t>(A->skey) * k_ + B->skey];
        if (colour_) {
            int col;
            if (stones > 0) {
                const bool a_black = A->place > B->place;  // the weaker player takes black
                col = a_black ? A->bc + B->wc : B->bc + A->wc;
            } else {
                col = std::min(A->wc + B->bc, A->bc + B->wc);
            }
            t.lin(p, t.colour, 3, col);
        }
        if (avoidance_) {
            const int* xa = &avoid_[static_cast<size_t>(a) * attrs_];
            const int* xb = &avoid_[static_cast<size_t>(b) * attrs_];
            for (int k = 0; k < attrs_; ++k)
                if (xa[k] != 0 && xa[k] == xb[k]) p = p + t.c[static_cast<size_t>(5 + k)];
            t.lin(p, t.stones, 5 + attrs_, stones);
        }
        const long long pa = A->pos, pb = B->pos;
        if (diff != 0) {
            t.sq(p, t.score, 1, diff);
            if (float_rule_) t.lin(p, t.flt, 2, (A->floated & 1) + ((B->floated >> 1) & 1));
            t.lin(p, t.floater, 4, pb);
            t.sq(p, t.split, 7 + attrs_, pa - A->middle);
        } else {
            const long long n = A->size, half = A->half, shift = A->shift;
            const bool sw = (pa - shift < half) == (pb - shift < half);
            const long long d = pb - pa - half;
            if (sw) p = p + t.c[static_cast<size_t>(6 + attrs_)];
            t.sq(p, t.split, 7 + attrs_, d);
            if (d != 0 || sw)
                t.lin(p, t.low, 8 + attrs_, std::max(0LL, n - 1 - pa) + std::max(0LL, n - 1 - pb));
        }
        return p;
    }

    // The bye to player b.
    template <int X>
    Wide<X> bye_penalty(int b, const Terms<X>& t) const {
        Wide<X> p = Wide<X>::zero();
        add_mul(p, t.c[0], static_cast<uint64_t>(n_ - 1 - b));
        return p;
    }

    // One component as the implicit graph of Blossom<N, Rows<N>>: vertices are the
    // places in the component, each weight (top - penalty + offset, doubled) computed
    // when asked, modulo 2^(64 N), which is exact since the final value fits.
    template <int N>
    struct Rows {
        const McMahonGraph* g;
        const std::vector<int>* comp;
        Terms<N> t;
        Wide<N> top, offset;
        int n() const { return static_cast<int>(comp->size()); }
        FAIRPAIR_FORCE_INLINE inline bool has(int i, int j) const {
            const int a = (*comp)[static_cast<size_t>(i)], b = (*comp)[static_cast<size_t>(j)];
            if (a == b) return false;
            if (a == g->n_ || b == g->n_) return g->bye_[static_cast<size_t>(a == g->n_ ? b : a)];
            if (!g->kept_[static_cast<size_t>(g->pl_[a].group) * g->ng_ + g->pl_[b].group])
                return false;
            const std::vector<int>& bl = g->block_[static_cast<size_t>(a)];
            return !std::binary_search(bl.begin(), bl.end(), b);
        }
        FAIRPAIR_FORCE_INLINE inline Wide<N> w2(int i, int j) const {
            const int a = (*comp)[static_cast<size_t>(i)], b = (*comp)[static_cast<size_t>(j)];
            Wide<N> p;
            if (a == g->n_ || b == g->n_)
                p = g->bye_penalty<N>(a == g->n_ ? b : a, t);
            else
                p = g->penalty<N>(a, b, t);
            const Wide<N> w = top - p + offset;
            return w + w;
        }
        template <class F>
        FAIRPAIR_FORCE_INLINE inline void each(int x, F&& f) const {
            const McMahonGraph& m = *g;
            const int a = (*comp)[static_cast<size_t>(x)];
            if (a == m.n_) {
                for (int b : m.bye_list_)
                    if (!f(m.local_[static_cast<size_t>(b)])) return;
                return;
            }
            const std::vector<int>& bl = m.block_[static_cast<size_t>(a)];
            size_t q = 0;
            const char* row = &m.kept_[static_cast<size_t>(m.pl_[a].group) * m.ng_];
            for (int h = 0; h < m.ng_; ++h) {
                if (!row[h]) continue;
                for (int j = m.start_[h]; j < m.start_[h + 1]; ++j) {
                    if (j == a) continue;
                    while (q < bl.size() && bl[q] < j) ++q;
                    if (q < bl.size() && bl[q] == j) continue;
                    if (!f(m.local_[static_cast<size_t>(j)])) return;
                }
            }
            if (m.has_bye_ && m.bye_[static_cast<size_t>(a)]) f(m.local_[static_cast<size_t>(m.n_)]);
        }
    };

    template <int N>
    std::vector<int> solve_implicit(const std::vector<int>& comp, const std::vector<Buf>& coefs,
                                    const Buf& top, const Buf& offset) {
        Rows<N> rows{this, &comp, terms<N>(coefs, comp), narrow<N>(top), narrow<N>(offset)};
        Blossom<N, Rows<N>> m(rows);
        std::vector<int> mate;
        {
            py::gil_scoped_release release;
            mate = m.solve();
        }
        return mate;
    }

    std::vector<int> solve_m(int m, const std::vector<int>& comp, const std::vector<Buf>& coefs,
                             const Buf& top) {
        switch (m) {
            case 2: return solve_t<2>(comp, coefs, top);
            case 3: return solve_t<3>(comp, coefs, top);
            case 4: return solve_t<4>(comp, coefs, top);
            case 6: return solve_t<6>(comp, coefs, top);
            case 9: return solve_t<9>(comp, coefs, top);
            default: return solve_t<16>(comp, coefs, top);
        }
    }

    // f(local i, local j, weight) for every edge of the component (i < j).
    template <int M, class F>
    void for_edges(const std::vector<int>& comp, const Terms<M>& t, const Wide<M>& top, F&& f) {
        const int bye_local = local_[static_cast<size_t>(n_)];
        for (int v : comp) {
            if (v == n_) continue;
            const int li = local_[static_cast<size_t>(v)];
            for_neighbours(v, [&](int j) {
                const int lj = local_[static_cast<size_t>(j)];
                if (lj >= 0) f(li, lj, top - penalty<M>(v, j, t));
            });
            if (has_bye_ && bye_[static_cast<size_t>(v)] && bye_local >= 0)
                f(li, bye_local, top - bye_penalty<M>(v, t));
        }
    }

    template <int M>
    std::vector<int> solve_t(const std::vector<int>& comp, const std::vector<Buf>& coefs,
                             const Buf& top_buf) {
        const int nc = static_cast<int>(comp.size());
        struct Reset {
            std::vector<int>& local;
            const std::vector<int>& comp;
            ~Reset() {
                for (int v : comp)
                    if (v >= 0 && v < static_cast<int>(local.size())) local[static_cast<size_t>(v)] = -1;
            }
        } reset{local_, comp};
        for (int q = 0; q < nc; ++q) {
            const int v = comp[static_cast<size_t>(q)];
            if (v < 0 || v > n_ || (v == n_ && !has_bye_)) throw py::value_error("not a vertex");
            if (local_[static_cast<size_t>(v)] != -1) throw py::value_error("vertex repeated");
            local_[static_cast<size_t>(v)] = q;
        }
        const Terms<M> t = terms<M>(coefs, comp);
        const Wide<M> top = narrow<M>(top_buf);
        // As max_weight_matching(..., max_cardinality=True): K = 2^(bits + bitlen(n))
        // added to every weight, bits the widest |weight|.
        int bits = 0;
        bool any = false;
        for_edges<M>(comp, t, top, [&](int, int, const Wide<M>& w) {
            bits = std::max(bits, wide_bits(w));
            any = true;
        });
        int shift = -1, need = bits;
        if (any) {
            int nbits = 0;
            while ((1L << nbits) <= nc) ++nbits;
            shift = bits + nbits;
            need = shift + 1;
        }
        check_bits(need);
        const int limbs = limbs_for(need);
        Buf k = Buf::zero();
        if (shift >= 0) k.l[shift / 64] = uint64_t(1) << (shift % 64);
        if (static_cast<double>(nc) * nc * 8 * limbs > static_cast<double>(dense_limit)) {
            return with_limbs(limbs, [&](auto l) {
                return solve_implicit<decltype(l)::value>(comp, coefs, top_buf, k);
            });
        }
        std::unique_ptr<Engine> eng = make_engine(limbs, nc);
        for_edges<M>(comp, t, top, [&](int i, int j, const Wide<M>& w) {
            Buf x = widen_buf(w);
            x = x + k;
            eng->set_w2(i, j, x + x);
        });
        std::vector<int> mate;
        {
            py::gil_scoped_release release;
            mate = eng->solve();
        }
        return mate;
    }
};

// ------------------------------------------------------------ Netrunner round graph

// The Mersenne Twister MT19937 as Python's random module runs it, started from the
// state random.Random.getstate() gives: 624 words and the position of the next one.
// getrandbits(k), 0 < k <= 32, is the next 32-bit output shifted right by 32 - k.
class Mt19937 {
  public:
    explicit Mt19937(const std::vector<uint32_t>& state) {
        if (state.size() != kWords + 1) throw py::value_error("the state holds 625 words");
        if (state[kWords] > kWords) throw py::value_error("state position out of range");
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
    if (bits < 1 || bits > 32) throw py::value_error("bits must lie in 1..32");
    Mt19937 mt(state);
    std::vector<uint32_t> out(static_cast<size_t>(std::max(0L, count)));
    for (uint32_t& x : out) x = mt.next() >> (32 - bits);
    return out;
}

// Python ints -> Bufs; `bits` receives the widest one's bit length.
std::vector<Buf> bufs_of(py::handle values, const char* what, int& bits) {
    PyObject* seq = PySequence_Fast(values.ptr(), what);
    if (seq == nullptr) throw py::error_already_set();
    py::object holder = py::reinterpret_steal<py::object>(seq);
    const Py_ssize_t len = PySequence_Fast_GET_SIZE(seq);
    PyObject** items = PySequence_Fast_ITEMS(seq);
    std::vector<Buf> out(static_cast<size_t>(len));
    for (Py_ssize_t q = 0; q < len; ++q) {
        out[static_cast<size_t>(q)] = to_buf(items[q]);
        bits = std::max(bits, bit_length(out[static_cast<size_t>(q)]));
    }
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
    NetrunnerGraph(py::handle corp, py::handle runner, const std::vector<int>& group,
                   py::handle crossing, const std::vector<std::tuple<int, int, py::object>>& extra,
                   py::handle bye, py::handle top, int noise_bits,
                   const std::vector<uint32_t>& state)
        : group_(group), noise_bits_(noise_bits) {
        if (noise_bits < 1 || noise_bits > kNoiseMax)
            throw py::value_error("noise_bits must lie in 1..30");
        int bits = 0;
        corp_ = bufs_of(corp, "corp costs must be a sequence of ints", bits);
        runner_ = bufs_of(runner, "runner costs must be a sequence of ints", bits);
        crossing_ = bufs_of(crossing, "crossing costs must be a sequence of ints", bits);
        bye_ = bufs_of(bye, "bye costs must be a sequence of ints", bits);
        top_ = to_buf(top.ptr());
        bits = std::max(bits, bit_length(top_));
        n_ = static_cast<int>(corp_.size());
        const size_t n = static_cast<size_t>(n_);
        if (runner_.size() != n || group_.size() != n)
            throw py::value_error("one corp cost, runner cost and group per player");
        if (bye_.size() != (n_ % 2 ? n : 0))
            throw py::value_error("one bye cost per player in an odd field, none in an even one");
        for (int g : group_)
            if (g < 0 || g >= static_cast<int>(crossing_.size()))
                throw py::value_error("group out of range of the crossing costs");
        for (const auto& [i, j, cost] : extra) {
            if (i < 0 || j <= i || j >= n_) throw py::value_error("extra pair out of range");
            Buf x = to_buf(cost.ptr());
            bits = std::max(bits, bit_length(x));
            extra_.push_back(Extra{i, j, x});
        }
        std::sort(extra_.begin(), extra_.end(), [](const Extra& a, const Extra& b) {
            return a.i != b.i ? a.i < b.i : a.j < b.j;
        });
        for (size_t q = 1; q < extra_.size(); ++q)
            if (extra_[q].i == extra_[q - 1].i && extra_[q].j == extra_[q - 1].j)
                throw py::value_error("extra pair repeated");
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
        if (i < 0 || j <= i || j >= size_) throw py::value_error("not a pair of the graph");
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
            py::gil_scoped_release release;
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
                    codes_[at(i, j)] = codes_[at(j, i)] = code;
                    seen(cost);
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
    // exact since the value fits.
    template <int N>
    struct Rows {
        const NetrunnerGraph* g;
        int size;
        std::vector<Wide<N>> cross2;   // 2 (top + K - crossing[d])
        std::vector<Wide<N>> corp2, runner2;  // 2 corp, 2 runner
        std::vector<Wide<N>> bye2;     // 2 (top + K - bye - noise)
        std::vector<std::vector<std::pair<int, Wide<N>>>> extra2;  // per i: (j, 2 extra)

        int n() const { return size; }
        FAIRPAIR_FORCE_INLINE inline bool has(int i, int j) const { return i != j; }
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
        template <class F>
        FAIRPAIR_FORCE_INLINE inline void each(int x, F&& f) const {
            for (int v = 0; v < size; ++v)
                if (v != x && !f(v)) return;
        }
    };

    template <int N>
    std::vector<int> solve_n() {
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
        std::vector<int> mate;
        implicit_ = static_cast<double>(size_) * size_ * 8 * N > static_cast<double>(dense_limit);
        if (implicit_) {
            Blossom<N, Rows<N>> m(rows);
            py::gil_scoped_release release;
            mate = m.solve();
        } else {
            Blossom<N> m(size_);
            {
                py::gil_scoped_release release;
                for (int i = 0; i < size_; ++i)
                    for (int j = i + 1; j < size_; ++j) m.set_w2(i, j, rows.w2(i, j));
                mate = m.solve();
            }
        }
        return mate;
    }
};

}  // namespace

PYBIND11_MODULE(_blossom, mod) {
    mod.doc() = "Compiled maximum-weight matching (Edmonds' blossom algorithm, exact wide integers).";
    mod.attr("MAX_WEIGHT_BITS") = kMaxWeightBits;
    mod.def("max_weight_matching", &max_weight_matching, py::arg("n"), py::arg("edges"),
            py::arg("max_cardinality") = false,
            "Maximum-weight matching; edges is a list of (u, v, weight) with int weights.");
    py::class_<Matcher>(mod, "Matcher")
        .def(py::init<int>(), py::arg("n") = 0)
        .def_property_readonly("n", &Matcher::n)
        .def_property_readonly("limbs", &Matcher::limbs)
        .def_property_readonly("stats", &Matcher::stats,
                               "(augmentations, dual steps, vertex scans) of the last solve")
        .def("set_weight", &Matcher::set_weight, py::arg("u"), py::arg("v"), py::arg("weight"))
        .def("set_weights", &Matcher::set_weights, py::arg("edges"))
        .def("set_vertex_weights", &Matcher::set_vertex_weights, py::arg("u"), py::arg("weights"))
        .def("weight", &Matcher::weight, py::arg("u"), py::arg("v"))
        .def("resize", &Matcher::resize, py::arg("n"))
        .def("solve", &Matcher::solve)
        .def("check", &Matcher::check)
        .def("restart", &Matcher::restart, "Forget the solution: the next solve starts afresh.");
    py::class_<BracketGraph>(mod, "BracketGraph")
        .def(py::init<int, const std::vector<int>&, py::handle, int, const std::vector<int>&,
                      const std::vector<std::pair<int, int>>&, bool>(),
             py::arg("n"), py::arg("classes"), py::arg("table"), py::arg("shift"),
             py::arg("tags"), py::arg("blocked"), py::arg("compact") = true)
        .def_property_readonly("n", &BracketGraph::n)
        .def_property_readonly("compact", &BracketGraph::compact)
        .def_property_readonly("limbs", &BracketGraph::limbs)
        .def_property_readonly("stats", &BracketGraph::stats)
        .def("seed_duals", &BracketGraph::seed_duals, py::arg("duals"))
        .def("restart", &BracketGraph::restart, py::arg("duals"))
        .def("first_open", &BracketGraph::first_open, py::arg("u"), py::arg("vs"))
        .def("has_edge", &BracketGraph::has_edge, py::arg("u"), py::arg("v"))
        .def("neighbours", &BracketGraph::neighbours, py::arg("u"), py::arg("lo"), py::arg("hi"))
        .def("main_weight", &BracketGraph::main_weight, py::arg("u"), py::arg("v"))
        .def("set_order", &BracketGraph::set_order, py::arg("u"), py::arg("v"), py::arg("value"))
        .def("set_orders", &BracketGraph::set_orders, py::arg("u"), py::arg("vs"),
             py::arg("values"))
        .def("set_order_range", &BracketGraph::set_order_range, py::arg("u"), py::arg("lo"),
             py::arg("hi"), py::arg("value"))
        .def("remove", &BracketGraph::remove, py::arg("u"), py::arg("v"))
        .def("remove_range", &BracketGraph::remove_range, py::arg("u"), py::arg("lo"),
             py::arg("hi"))
        .def("isolate", &BracketGraph::isolate, py::arg("u"))
        .def("keep_top_to_rest", &BracketGraph::keep_top_to_rest, py::arg("lo"), py::arg("hi"),
             py::arg("top"))
        .def("solve", &BracketGraph::solve)
        .def("check", &BracketGraph::check);
    py::class_<McMahonGraph>(mod, "McMahonGraph")
        .def(py::init<const std::vector<int>&, const std::vector<long long>&,
                      const std::vector<int>&, const std::vector<int>&, const std::vector<int>&,
                      const std::vector<int>&, const std::vector<int>&, const std::vector<int>&,
                      const std::vector<int>&, const std::vector<int>&, const std::vector<int>&,
                      const std::vector<int>&, const std::vector<int>&, const std::vector<int>&,
                      int, const std::vector<std::pair<int, int>>&, bool, bool, bool>(),
             py::arg("group"), py::arg("units"), py::arg("pos"), py::arg("size"),
             py::arg("half"), py::arg("shift"), py::arg("middle"), py::arg("floated"),
             py::arg("white_cost"), py::arg("black_cost"), py::arg("strength_place"),
             py::arg("stone_key"), py::arg("stones"), py::arg("avoid"), py::arg("attrs"),
             py::arg("blocked"), py::arg("float_rule"), py::arg("colour"),
             py::arg("avoidance"))
        .def_property_readonly("n", &McMahonGraph::n)
        .def_readwrite("dense_limit", &McMahonGraph::dense_limit,
                       "bytes of weights above which a component is solved implicitly")
        .def("components", &McMahonGraph::components, py::arg("kept"), py::arg("bye"))
        .def("solve", &McMahonGraph::solve, py::arg("comp"), py::arg("coefficients"),
             py::arg("top"));
    mod.def("mt19937_bits", &mt19937_bits, py::arg("state"), py::arg("bits"), py::arg("count"),
            "getrandbits(bits) count times from the words of a random.Random state.");
    py::class_<NetrunnerGraph>(mod, "NetrunnerGraph")
        .def(py::init<py::handle, py::handle, const std::vector<int>&, py::handle,
                      const std::vector<std::tuple<int, int, py::object>>&, py::handle,
                      py::handle, int, const std::vector<uint32_t>&>(),
             py::arg("corp"), py::arg("runner"), py::arg("group"), py::arg("crossing"),
             py::arg("extra"), py::arg("bye"), py::arg("top"), py::arg("noise_bits"),
             py::arg("state"))
        .def_property_readonly("n", &NetrunnerGraph::n)
        .def_property_readonly("size", &NetrunnerGraph::size)
        .def_property_readonly("limbs", &NetrunnerGraph::limbs)
        .def_property_readonly("implicit", &NetrunnerGraph::implicit,
                               "whether the last solve ran over the implicit graph")
        .def_readwrite("dense_limit", &NetrunnerGraph::dense_limit,
                       "bytes of weights above which the round is solved implicitly")
        .def("solve", &NetrunnerGraph::solve)
        .def("slot", &NetrunnerGraph::slot, py::arg("i"), py::arg("j"));
}
