// Python binding of the blossom matcher (fairpair.matching._blossom).
//
// Python ints are converted to fixed-width two's complement integers of 1, 2, 3, 4, 6,
// 9 or 16 64-bit limbs, chosen from the largest weight; a weight of more than
// kMaxWeightBits bits raises OverflowError (never a silently wrong answer).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <memory>
#include <string>
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
    virtual void set_w2(int u, int v, const Buf& w2) = 0;  // doubled weight, fits
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

template <int N>
struct EngineN final : Engine {
    Blossom<N> m;
    explicit EngineN(int n) : m(n) {}
    int limbs() const override { return N; }
    int size() const override { return m.size(); }
    void set_w2(int u, int v, const Buf& w2) override {
        Wide<N> x;
        for (int i = 0; i < N; ++i) x.l[i] = w2.l[i];
        m.set_w2(u, v, x);
    }
    Buf get_w2(int u, int v) const override {
        const Wide<N>& x = m.w2(u, v);
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
    std::vector<long> stats() const override { return {m.stages, m.steps, m.scans}; }
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

std::unique_ptr<Engine> make_engine(int limbs, int n) {
    switch (limbs) {
        case 1: return std::make_unique<EngineN<1>>(n);
        case 2: return std::make_unique<EngineN<2>>(n);
        case 3: return std::make_unique<EngineN<3>>(n);
        case 4: return std::make_unique<EngineN<4>>(n);
        case 6: return std::make_unique<EngineN<6>>(n);
        case 9: return std::make_unique<EngineN<9>>(n);
        default: return std::make_unique<EngineN<16>>(n);
    }
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
                 const std::vector<std::pair<int, int>>& blocked) {
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
        eng_ = make_engine(limbs_for(need), n);
        std::vector<std::vector<int>> block(static_cast<size_t>(n));
        for (const auto& [a, b] : blocked) {
            check_vertex(a, n);
            check_vertex(b, n);
            block[static_cast<size_t>(a)].push_back(b);
            block[static_cast<size_t>(b)].push_back(a);
        }
        std::vector<int> stamp(static_cast<size_t>(n), -1);
        for (int i = 0; i < n; ++i) {
            for (int b : block[static_cast<size_t>(i)]) stamp[static_cast<size_t>(b)] = i;
            const Buf* row = &table_[static_cast<size_t>(cls_[i]) * k_];
            const int tag = tags[static_cast<size_t>(i)];
            for (int j = i + 1; j < n; ++j) {
                if (stamp[static_cast<size_t>(j)] == i) continue;
                if (tag != 0 && tags[static_cast<size_t>(j)] == tag) continue;
                const Buf& w = row[cls_[j]];
                if (w.is_pos()) eng_->set_w2(i, j, w + w);
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
        for (size_t q = 0; q < vs.size(); ++q) {
            check_pair(u, vs[q]);
            put(static_cast<int>(u), vs[q], order_of(py::handle(items[q])));
        }
    }

    // order(u, x) = value for every edge u-x with lo <= x < hi.
    void set_order_range(long u, long lo, long hi, py::handle value) {
        check_vertex(u, n());
        const Buf order = order_of(value);
        std::vector<int> xs;
        eng_->row(static_cast<int>(u), clamp(lo), clamp(hi), xs);
        for (int x : xs) put(static_cast<int>(u), x, order);
    }

    void remove(long u, long v) {
        check_pair(u, v);
        eng_->set_w2(static_cast<int>(u), static_cast<int>(v), Buf::zero());
    }

    // Remove every edge u-x with lo <= x < hi.
    void remove_range(long u, long lo, long hi) {
        check_vertex(u, n());
        std::vector<int> xs;
        eng_->row(static_cast<int>(u), clamp(lo), clamp(hi), xs);
        for (int x : xs) eng_->set_w2(static_cast<int>(u), x, Buf::zero());
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
        std::vector<int> xs;
        for (int p = a; p < b; ++p) {
            xs.clear();
            eng_->row(p, p + 1, b, xs);
            for (int x : xs) {
                if (!top[static_cast<size_t>(p)] || top[static_cast<size_t>(x)])
                    eng_->set_w2(p, x, Buf::zero());
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
        eng_->set_w2(u, v, w + w);
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
                      const std::vector<std::pair<int, int>>&>(),
             py::arg("n"), py::arg("classes"), py::arg("table"), py::arg("shift"),
             py::arg("tags"), py::arg("blocked"))
        .def_property_readonly("n", &BracketGraph::n)
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
}
