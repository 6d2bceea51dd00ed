// Python binding of the blossom matcher (fairpair.matching._blossom): the module and the
// generic matchers (max_weight_matching, Matcher), over Python's C API like every unit
// (the glue they share: bindings.hpp, _bindings.cpp).  The systems' compiled graphs
// live with their systems and add themselves through fairpair::Binding; the matcher
// core is compiled in the engine units (engine.hpp).  docs/matching.md, "Build", lists
// the units.
//
// Python ints are converted to fixed-width two's complement integers of 1, 2, 3, 4, 6
// or 16 64-bit limbs, chosen from the largest weight; a weight of more than
// kMaxWeightBits bits raises OverflowError (never a silently wrong answer).
#include <algorithm>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "bindings.hpp"
#include "engine.hpp"

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
    return with_compact_limbs(
        limbs, [n](auto l) { return new_engine<decltype(l)::value, ClassOrder>(n); });
}

namespace {

// References kept alive while the parsed edges borrow from them.
struct Keep {
    std::vector<PyObject*> refs;
    Keep() = default;
    Keep(const Keep&) = delete;
    Keep& operator=(const Keep&) = delete;
    ~Keep() {
        for (PyObject* o : refs) Py_DECREF(o);
    }
};

struct ParsedEdge {
    int u, v;
    PyObject* w;  // borrowed from the edge list, which stays alive
};

// Read (u, v, w) triples from a list or tuple.
std::vector<ParsedEdge> parse_edges(PyObject* edges, int n, Keep& keep) {
    PyObject* seq = PySequence_Fast(edges, "edges must be an iterable of (u, v, w)");
    if (seq == nullptr) throw PyError{};
    keep.refs.push_back(seq);
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
            if (t == nullptr) throw PyError{};
            keep.refs.push_back(t);
            if (PySequence_Fast_GET_SIZE(t) != 3) value_error("each edge must be a (u, v, w) triple");
            pu = PySequence_Fast_GET_ITEM(t, 0);
            pv = PySequence_Fast_GET_ITEM(t, 1);
            pw = PySequence_Fast_GET_ITEM(t, 2);
        }
        const long u = PyLong_AsLong(pu);
        if (u == -1 && PyErr_Occurred()) throw PyError{};
        const long v = PyLong_AsLong(pv);
        if (v == -1 && PyErr_Occurred()) throw PyError{};
        check_vertex(u, n);
        check_vertex(v, n);
        if (u == v) value_error("self-loop on vertex " + std::to_string(u));
        out.push_back(ParsedEdge{static_cast<int>(u), static_cast<int>(v), pw});
    }
    return out;
}

// ------------------------------------------------------------ one-shot function

std::vector<int> max_weight_matching(long n, PyObject* edges, bool max_cardinality) {
    if (n < 0) value_error("n must be >= 0");
    if (n > INT32_MAX) raise(PyExc_OverflowError, "n out of range");
    Keep keep;
    std::vector<ParsedEdge> parsed = parse_edges(edges, static_cast<int>(n), keep);
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
    std::unique_ptr<Engine> eng = make_engine(limbs_for(need), static_cast<int>(n));
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
    NoGil release;
    return eng->solve();
}

// ------------------------------------------------------------ incremental matcher

class Matcher {
  public:
    explicit Matcher(long n) {
        if (n < 0) value_error("n must be >= 0");
        if (n > INT32_MAX) raise(PyExc_OverflowError, "n out of range");
        eng_ = make_engine(1, static_cast<int>(n));
    }

    int n() const { return eng_->size(); }
    int limbs() const { return eng_->limbs(); }
    std::vector<long> stats() const { return eng_->stats(); }

    void set_weight(long u, long v, PyObject* w) {
        const int n = eng_->size();
        check_vertex(u, n);
        check_vertex(v, n);
        if (u == v) value_error("self-loop on vertex " + std::to_string(u));
        store(static_cast<int>(u), static_cast<int>(v), w);
    }

    void set_weights(PyObject* edges) {
        Keep keep;
        std::vector<ParsedEdge> parsed = parse_edges(edges, eng_->size(), keep);
        int bits = 0;
        for (const ParsedEdge& e : parsed)
            if (e.w != Py_None) bits = std::max(bits, weight_bits(e.w));
        widen(bits);
        for (const ParsedEdge& e : parsed) store(e.u, e.v, e.w);
    }

    void set_vertex_weights(long u, PyObject* weights) {
        const int n = eng_->size();
        check_vertex(u, n);
        Ref holder(PySequence_Fast(weights, "weights must be a sequence"));
        if (holder.p == nullptr) throw PyError{};
        PyObject* seq = holder.p;
        if (PySequence_Fast_GET_SIZE(seq) != n) value_error("weights must have one entry per vertex");
        PyObject** items = PySequence_Fast_ITEMS(seq);
        int bits = 0;
        for (int v = 0; v < n; ++v)
            if (v != u && items[v] != Py_None) bits = std::max(bits, weight_bits(items[v]));
        widen(bits);
        eng_->mark_dirty(static_cast<int>(u));
        for (int v = 0; v < n; ++v)
            if (v != u) store(static_cast<int>(u), v, items[v]);
    }

    PyObject* weight(long u, long v) const {
        const int n = eng_->size();
        check_vertex(u, n);
        check_vertex(v, n);
        if (u == v) return from_long(0);
        const Buf w2 = eng_->get_w2(static_cast<int>(u), static_cast<int>(v));
        Buf w;
        for (int i = 0; i < kBufLimbs - 1; ++i) w.l[i] = (w2.l[i] >> 1) | (w2.l[i + 1] << 63);
        w.l[kBufLimbs - 1] = w2.l[kBufLimbs - 1] >> 1;
        return buf_to_int(w);
    }

    void resize(long n) {
        if (n < 0) value_error("n must be >= 0");
        if (n > INT32_MAX) raise(PyExc_OverflowError, "n out of range");
        eng_->resize(static_cast<int>(n));
    }

    std::vector<int> solve() {
        NoGil release;
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

    void store(int u, int v, PyObject* w) {
        if (w == Py_None) {
            eng_->set_w2(u, v, Buf::zero());
            return;
        }
        const Buf x = to_buf(w);
        if (!x.is_pos()) {
            eng_->set_w2(u, v, Buf::zero());
            return;
        }
        widen(bit_length(x));
        eng_->set_w2(u, v, x + x);
    }
};

// ------------------------------------------------------------ the Python names

PyObject* max_weight_matching_py(PyObject*, PyObject* const* args, Py_ssize_t nargs,
                                 PyObject* kw) {
    return guarded([&] {
        const Args a("max_weight_matching", args, nargs, kw, {"n", "edges", "max_cardinality"},
                     2);
        return int_list(max_weight_matching(to_long(a[0], "n"), a[1],
                                            a[2] != nullptr && to_bool(a[2], "max_cardinality")));
    });
}

Matcher& matcher(PyObject* self) { return unbox<Matcher>(self); }

int init(PyObject* self, PyObject* args, PyObject* kwargs) {
    return init_box<Matcher>(self, [&] {
        const Args a("Matcher", args, kwargs, {"n"}, 0);
        return new Matcher(a[0] == nullptr ? 0 : to_long(a[0], "n"));
    });
}

PyObject* get_n(PyObject* self, void*) {
    return guarded([&] { return from_long(matcher(self).n()); });
}
PyObject* get_limbs(PyObject* self, void*) {
    return guarded([&] { return from_long(matcher(self).limbs()); });
}
PyObject* get_stats(PyObject* self, void*) {
    return guarded([&] { return long_list(matcher(self).stats()); });
}

#define FAIRPAIR_METHOD(name) \
    PyObject* name(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kw)

FAIRPAIR_METHOD(set_weight) {
    return guarded([&] {
        const Args a("set_weight", args, nargs, kw, {"u", "v", "weight"}, 3);
        matcher(self).set_weight(to_long(a[0], "u"), to_long(a[1], "v"), a[2]);
        return none();
    });
}
FAIRPAIR_METHOD(set_weights) {
    return guarded([&] {
        const Args a("set_weights", args, nargs, kw, {"edges"}, 1);
        matcher(self).set_weights(a[0]);
        return none();
    });
}
FAIRPAIR_METHOD(set_vertex_weights) {
    return guarded([&] {
        const Args a("set_vertex_weights", args, nargs, kw, {"u", "weights"}, 2);
        matcher(self).set_vertex_weights(to_long(a[0], "u"), a[1]);
        return none();
    });
}
FAIRPAIR_METHOD(weight) {
    return guarded([&] {
        const Args a("weight", args, nargs, kw, {"u", "v"}, 2);
        return matcher(self).weight(to_long(a[0], "u"), to_long(a[1], "v"));
    });
}
FAIRPAIR_METHOD(resize) {
    return guarded([&] {
        const Args a("resize", args, nargs, kw, {"n"}, 1);
        matcher(self).resize(to_long(a[0], "n"));
        return none();
    });
}

#undef FAIRPAIR_METHOD

PyObject* solve(PyObject* self, PyObject*) {
    return guarded([&] { return int_list(matcher(self).solve()); });
}
PyObject* check(PyObject* self, PyObject*) {
    return guarded([&] { return from_string(matcher(self).check()); });
}
PyObject* restart(PyObject* self, PyObject*) {
    return guarded([&] {
        matcher(self).restart();
        return none();
    });
}

constexpr int kFast = METH_FASTCALL | METH_KEYWORDS;

PyMethodDef kFunctions[] = {
    {"max_weight_matching", method(&max_weight_matching_py), kFast,
     "Maximum-weight matching; edges is a list of (u, v, weight) with int weights."},
    {nullptr, nullptr, 0, nullptr},
};

PyMethodDef kMethods[] = {
    {"set_weight", method(&set_weight), kFast, nullptr},
    {"set_weights", method(&set_weights), kFast, nullptr},
    {"set_vertex_weights", method(&set_vertex_weights), kFast, nullptr},
    {"weight", method(&weight), kFast, nullptr},
    {"resize", method(&resize), kFast, nullptr},
    {"solve", method(&solve), METH_NOARGS, nullptr},
    {"check", method(&check), METH_NOARGS, nullptr},
    {"restart", method(&restart), METH_NOARGS,
     "Forget the solution: the next solve starts afresh."},
    {nullptr, nullptr, 0, nullptr},
};

PyGetSetDef kGetSets[] = {
    {"n", &get_n, nullptr, nullptr, nullptr},
    {"limbs", &get_limbs, nullptr, nullptr, nullptr},
    {"stats", &get_stats, nullptr, "(augmentations, dual steps, vertex scans) of the last solve",
     nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr},
};

PyModuleDef kModule = {
    PyModuleDef_HEAD_INIT,
    "_blossom",
    "Compiled maximum-weight matching (Edmonds' blossom algorithm, exact wide integers).",
    -1,
    kFunctions,
    nullptr,
    nullptr,
    nullptr,
    nullptr,
};

// The module: the generic matchers, then the systems' compiled graphs in the order of
// their names.
PyObject* make_module() {
    PyObject* mod = PyModule_Create(&kModule);
    if (mod == nullptr) return nullptr;
    PyObject* done = guarded([&] {
        if (PyModule_AddIntConstant(mod, "MAX_WEIGHT_BITS", kMaxWeightBits) < 0) throw PyError{};
        PyType_Slot slots[] = {
            {Py_tp_init, reinterpret_cast<void*>(&init)},
            {Py_tp_dealloc, reinterpret_cast<void*>(&dealloc_box<Matcher>)},
            {Py_tp_methods, kMethods},
            {Py_tp_getset, kGetSets},
            {0, nullptr},
        };
        add_class(mod, "Matcher", "Incremental maximum-weight matcher (warm restarts).",
                  static_cast<int>(sizeof(Box<Matcher>)), slots);
        for (const auto& [name, bind] : registered_bindings()) bind(mod);
        return none();
    });
    if (done == nullptr) {
        Py_DECREF(mod);
        return nullptr;
    }
    Py_DECREF(done);
    return mod;
}

}  // namespace

}  // namespace fairpair

PyMODINIT_FUNC PyInit__blossom() { return fairpair::make_module(); }
