// Python binding of the blossom matcher (fairpair.matching._blossom): the module and the
// generic matchers (max_weight_matching, Matcher), the one unit that includes pybind11.
// The Python glue every unit shares is in _bindings.cpp (bindings.hpp, the C API); the
// systems' compiled graphs live with their systems and add themselves through
// fairpair::Binding; the matcher core is compiled in the engine units (engine.hpp).
// docs/matching.md, "Build", lists the units.
//
// Python ints are converted to fixed-width two's complement integers of 1, 2, 3, 4, 6
// or 16 64-bit limbs, chosen from the largest weight; a weight of more than
// kMaxWeightBits bits raises OverflowError (never a silently wrong answer).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cstdint>
#include <exception>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "bindings.hpp"
#include "engine.hpp"

namespace py = pybind11;

namespace fairpair {

// ------------------------------------------------------------ the engines by width

int limbs_for(int bits) {
    for (int l : kLimbChoices)
        if (bits <= max_bits(l)) return l;
    throw std::invalid_argument("internal: no limb count for " + std::to_string(bits) +
                                " bits");
}

std::unique_ptr<Engine> make_engine(int limbs, int n) {
    return with_limbs(limbs, [n](auto l) { return new_engine<decltype(l)::value, void>(n); });
}

std::unique_ptr<Engine> make_compact_engine(int limbs, int n) {
    return with_limbs(limbs,
                      [n](auto l) { return new_engine<decltype(l)::value, ClassOrder>(n); });
}

namespace {

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
        return py::reinterpret_steal<py::int_>(buf_to_int(w));
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

}  // namespace

}  // namespace fairpair

PYBIND11_MODULE(_blossom, mod) {
    using namespace fairpair;
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
    // The glue's PyError (bindings.hpp): a Python exception is already set.
    py::register_exception_translator([](std::exception_ptr p) {
        try {
            if (p) std::rethrow_exception(p);
        } catch (const PyError&) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_SystemError, "error without an exception");
        }
    });
    // The systems' compiled graphs, in the order of their names.
    for (const auto& [name, bind] : registered_bindings()) {
        try {
            bind(mod.ptr());
        } catch (const PyError&) {
            throw py::error_already_set();
        }
    }
}
