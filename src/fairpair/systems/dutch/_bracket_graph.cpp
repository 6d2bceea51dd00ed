// The Dutch bracket graph (fairpair.systems.dutch.graph's CompiledGraph), compiled into
// the extension fairpair.matching._blossom as BracketGraph: the FIDE C.04.3 criteria of
// a bracket as edge weights over the generic matcher (an Engine: compact class graph,
// or the dense matrix when an order part outgrows 64 bits).  See docs/matching.md.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "fairpair/matching/bindings.hpp"

namespace fairpair {
namespace {

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
            eng_ = make_compact_engine(limbs_for(need), n);
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
        return fits_i64(x) && low > -(int64_t(1) << 62) && low < (int64_t(1) << 62);
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

void bind(py::module_& mod) {
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
}

const Binding kBinding("BracketGraph", &bind);

}  // namespace
}  // namespace fairpair
