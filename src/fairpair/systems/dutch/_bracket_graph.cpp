// The Dutch bracket graph (fairpair.systems.dutch.graph's CompiledGraph), compiled into
// the extension fairpair.matching._blossom as BracketGraph: the FIDE C.04.3 criteria of
// a bracket as edge weights over the generic matcher (an Engine: compact class graph,
// or the dense matrix when an order part outgrows 64 bits).  Python's C API through
// bindings.hpp (no pybind11 here).  See docs/matching.md.
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
    BracketGraph(int n, const std::vector<int>& classes, PyObject* table, int shift,
                 const std::vector<int>& tags,
                 const std::vector<std::pair<int, int>>& blocked, bool compact,
                 bool pairs) {
        if (n < 0) value_error("n must be >= 0");
        if (static_cast<int>(classes.size()) != n || static_cast<int>(tags.size()) != n)
            value_error("classes and tags need one entry per vertex");
        if (shift < 0) value_error("shift must be >= 0");
        shift_ = shift;
        Ref holder(PySequence_Fast(table, "table must be a sequence of ints"));
        if (holder.p == nullptr) throw PyError{};
        PyObject* seq = holder.p;
        const Py_ssize_t kk = PySequence_Fast_GET_SIZE(seq);
        int k = 0;
        while (static_cast<Py_ssize_t>(k) * k < kk) ++k;
        if (static_cast<Py_ssize_t>(k) * k != kk)
            value_error("table must hold k*k entries");
        k_ = k;
        for (int c : classes)
            if (c < 0 || c >= k) value_error("class out of range");
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
            limbs_ = limbs_for(need);
            eng_ = make_compact_engine(limbs_, n);
            std::vector<Buf> doubled(table_.size(), Buf::zero());
            for (size_t q = 0; q < table_.size(); ++q) doubled[q] = table_[q] + table_[q];
            eng_->set_classes(cls_, k_, doubled);
        } else {
            limbs_ = limbs_for(need);
            eng_ = make_engine(limbs_, n);
        }
        std::vector<std::vector<int>> block(static_cast<size_t>(n));
        for (const auto& [a, b] : blocked) {
            check_vertex(a, n);
            check_vertex(b, n);
            block[static_cast<size_t>(a)].push_back(b);
            block[static_cast<size_t>(b)].push_back(a);
        }
        if (eng_->fill_edges(tags, block)) {
            if (pairs) eng_->use_pair_store();
            return;
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
                if (w.is_pos()) set(i, j, w + w);
            }
        }
    }

    int n() const { return eng_->size(); }
    // The width the weights need (a compact engine may compute in more: engine.hpp).
    int limbs() const { return limbs_; }

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

    // The whole weight of u-v, (criteria << shift) + order (0: no edge).
    PyObject* weight(long u, long v) const {
        check_pair(u, v);
        if (!eng_->has(static_cast<int>(u), static_cast<int>(v))) return from_long(0);
        const Buf w2 = eng_->get_w2(static_cast<int>(u), static_cast<int>(v));
        Buf w = Buf::zero();  // w2 / 2 (w2 is even and positive)
        for (int i = 0; i < kBufLimbs; ++i)
            w.l[i] = (w2.l[i] >> 1) | (i + 1 < kBufLimbs ? w2.l[i + 1] << 63 : 0);
        return buf_to_int(w);
    }

    // The criteria part of the weight of u-v (without the order; 0: no edge).
    PyObject* main_weight(long u, long v) const {
        check_pair(u, v);
        if (!eng_->has(static_cast<int>(u), static_cast<int>(v))) return from_long(0);
        const int a = static_cast<int>(std::min(u, v)), b = static_cast<int>(std::max(u, v));
        Buf w = table_[static_cast<size_t>(cls_[a]) * k_ + cls_[b]];
        return buf_to_int(shr(w, shift_));
    }

    void set_order(long u, long v, PyObject* value) {
        check_pair(u, v);
        put(static_cast<int>(u), static_cast<int>(v), order_of(value));
    }

    // order(u, vs[i]) = values[i].
    void set_orders(long u, const std::vector<int>& vs, PyObject* values) {
        check_vertex(u, n());
        Ref holder(PySequence_Fast(values, "values must be a sequence of ints"));
        if (holder.p == nullptr) throw PyError{};
        PyObject* seq = holder.p;
        if (PySequence_Fast_GET_SIZE(seq) != static_cast<Py_ssize_t>(vs.size()))
            value_error("one value per vertex");
        PyObject** items = PySequence_Fast_ITEMS(seq);
        std::vector<Buf> orders;
        orders.reserve(vs.size());
        for (size_t q = 0; q < vs.size(); ++q) {
            check_pair(u, vs[q]);
            orders.push_back(order_of(items[q]));
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
    void set_order_range(long u, long lo, long hi, PyObject* value) {
        check_vertex(u, n());
        const Buf order = order_of(value);
        std::vector<int> xs;
        eng_->row(static_cast<int>(u), clamp(lo), clamp(hi), xs);
        if (eng_->compact() && doubled_fits(order) &&
            eng_->put_range2(static_cast<int>(u), clamp(lo), clamp(hi),
                             2 * static_cast<int64_t>(order.l[0])))
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
        eng_->remove_range(static_cast<int>(u), clamp(lo), clamp(hi));
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
        if (static_cast<int>(top.size()) != n) value_error("one flag per vertex");
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
        NoGil release;
        return eng_->solve();
    }

    std::string check() const { return eng_->check(); }
    std::vector<long> stats() const { return eng_->stats(); }
    bool compact() const { return eng_->compact(); }
    bool pair_store() const { return eng_->pair_store(); }

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
    void restart(PyObject* duals) {
        int bits = 0;
        const std::vector<Buf> out = per_vertex(duals, 0, bits);
        eng_->mark_fresh();
        if (bits <= 64 * limbs() - 4) eng_->seed(out);  // too wide: the default start
    }

    // Starting duals of the next fresh solve, in doubled criteria units (duals[i] +
    // duals[j] >= 2 * criteria(i, j), e.g. an optimal dual of a class-level relaxation);
    // the matcher's duals are duals[v] << shift.
    void seed_duals(PyObject* duals) {
        int bits = 0;
        const std::vector<Buf> out = per_vertex(duals, shift_, bits);
        if (bits + shift_ + 1 > 64 * limbs() - 4) return;  // would not fit: no seed
        eng_->seed(out);
    }

  private:
    std::unique_ptr<Engine> eng_;
    int limbs_ = 1;
    std::vector<int> cls_;
    std::vector<Buf> table_;  // (criteria << shift), per ordered pair of classes
    int k_ = 0;
    int shift_ = 0;

    // One int per vertex from a Python sequence, each shifted left by `shift`; `bits`
    // receives the widest value's bit length before the shift.
    std::vector<Buf> per_vertex(PyObject* values, int shift, int& bits) const {
        Ref holder(PySequence_Fast(values, "duals must be a sequence of ints"));
        if (holder.p == nullptr) throw PyError{};
        PyObject* seq = holder.p;
        const Py_ssize_t len = PySequence_Fast_GET_SIZE(seq);
        if (len != n()) value_error("one dual per vertex");
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
        if (u == v) value_error("self-loop on vertex " + std::to_string(u));
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

    Buf order_of(PyObject* value) const {
        const Buf x = to_buf(value);
        if (bit_length(x) >= shift_)
            value_error("an order must lie strictly between -2**(shift-1) and 2**(shift-1)");
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
        std::unique_ptr<Engine> dense = make_engine(limbs_, n);
        for (int i = 0; i < n; ++i)
            for (int j = i + 1; j < n; ++j)
                if (eng_->has(i, j)) dense->set_w2(i, j, eng_->get_w2(i, j));
        eng_ = std::move(dense);
        eng_->set_w2(u, v, w2);
    }
};

// ------------------------------------------------------------ the Python class

BracketGraph& graph(PyObject* self) { return unbox<BracketGraph>(self); }

int init(PyObject* self, PyObject* args, PyObject* kwargs) {
    return init_box<BracketGraph>(self, [&] {
        const Args a("BracketGraph", args, kwargs,
                     {"n", "classes", "table", "shift", "tags", "blocked", "compact", "pairs"},
                     6);
        return new BracketGraph(static_cast<int>(to_long(a[0], "n")), to_ints(a[1], "classes"),
                                a[2], static_cast<int>(to_long(a[3], "shift")),
                                to_ints(a[4], "tags"), to_int_pairs(a[5], "blocked"),
                                a[6] == nullptr || to_bool(a[6], "compact"),
                                a[7] != nullptr && to_bool(a[7], "pairs"));
    });
}

PyObject* get_n(PyObject* self, void*) {
    return guarded([&] { return from_long(graph(self).n()); });
}
PyObject* get_compact(PyObject* self, void*) {
    return guarded([&] { return from_bool(graph(self).compact()); });
}
PyObject* get_pair_store(PyObject* self, void*) {
    return guarded([&] { return from_bool(graph(self).pair_store()); });
}
PyObject* get_limbs(PyObject* self, void*) {
    return guarded([&] { return from_long(graph(self).limbs()); });
}
PyObject* get_stats(PyObject* self, void*) {
    return guarded([&] { return long_list(graph(self).stats()); });
}

// The methods: FASTCALL with keywords, each parsing its arguments by name.
#define FAIRPAIR_METHOD(name) \
    PyObject* name(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kw)

FAIRPAIR_METHOD(seed_duals) {
    return guarded([&] {
        const Args a("seed_duals", args, nargs, kw, {"duals"}, 1);
        graph(self).seed_duals(a[0]);
        return none();
    });
}
FAIRPAIR_METHOD(restart) {
    return guarded([&] {
        const Args a("restart", args, nargs, kw, {"duals"}, 1);
        graph(self).restart(a[0]);
        return none();
    });
}
FAIRPAIR_METHOD(first_open) {
    return guarded([&] {
        const Args a("first_open", args, nargs, kw, {"u", "vs"}, 2);
        const size_t q = graph(self).first_open(to_long(a[0], "u"), to_ints(a[1], "vs"));
        return from_long(static_cast<long>(q));
    });
}
FAIRPAIR_METHOD(has_edge) {
    return guarded([&] {
        const Args a("has_edge", args, nargs, kw, {"u", "v"}, 2);
        return from_bool(graph(self).has_edge(to_long(a[0], "u"), to_long(a[1], "v")));
    });
}
FAIRPAIR_METHOD(neighbours) {
    return guarded([&] {
        const Args a("neighbours", args, nargs, kw, {"u", "lo", "hi"}, 3);
        return int_list(graph(self).neighbours(to_long(a[0], "u"), to_long(a[1], "lo"),
                                               to_long(a[2], "hi")));
    });
}
FAIRPAIR_METHOD(weight) {
    return guarded([&] {
        const Args a("weight", args, nargs, kw, {"u", "v"}, 2);
        return graph(self).weight(to_long(a[0], "u"), to_long(a[1], "v"));
    });
}
FAIRPAIR_METHOD(main_weight) {
    return guarded([&] {
        const Args a("main_weight", args, nargs, kw, {"u", "v"}, 2);
        return graph(self).main_weight(to_long(a[0], "u"), to_long(a[1], "v"));
    });
}
FAIRPAIR_METHOD(set_order) {
    return guarded([&] {
        const Args a("set_order", args, nargs, kw, {"u", "v", "value"}, 3);
        graph(self).set_order(to_long(a[0], "u"), to_long(a[1], "v"), a[2]);
        return none();
    });
}
FAIRPAIR_METHOD(set_orders) {
    return guarded([&] {
        const Args a("set_orders", args, nargs, kw, {"u", "vs", "values"}, 3);
        graph(self).set_orders(to_long(a[0], "u"), to_ints(a[1], "vs"), a[2]);
        return none();
    });
}
FAIRPAIR_METHOD(set_order_range) {
    return guarded([&] {
        const Args a("set_order_range", args, nargs, kw, {"u", "lo", "hi", "value"}, 4);
        graph(self).set_order_range(to_long(a[0], "u"), to_long(a[1], "lo"),
                                    to_long(a[2], "hi"), a[3]);
        return none();
    });
}
FAIRPAIR_METHOD(remove) {
    return guarded([&] {
        const Args a("remove", args, nargs, kw, {"u", "v"}, 2);
        graph(self).remove(to_long(a[0], "u"), to_long(a[1], "v"));
        return none();
    });
}
FAIRPAIR_METHOD(remove_range) {
    return guarded([&] {
        const Args a("remove_range", args, nargs, kw, {"u", "lo", "hi"}, 3);
        graph(self).remove_range(to_long(a[0], "u"), to_long(a[1], "lo"), to_long(a[2], "hi"));
        return none();
    });
}
FAIRPAIR_METHOD(isolate) {
    return guarded([&] {
        const Args a("isolate", args, nargs, kw, {"u"}, 1);
        graph(self).isolate(to_long(a[0], "u"));
        return none();
    });
}
FAIRPAIR_METHOD(keep_top_to_rest) {
    return guarded([&] {
        const Args a("keep_top_to_rest", args, nargs, kw, {"lo", "hi", "top"}, 3);
        graph(self).keep_top_to_rest(to_long(a[0], "lo"), to_long(a[1], "hi"),
                                     to_bools(a[2], "top"));
        return none();
    });
}

#undef FAIRPAIR_METHOD

PyObject* solve(PyObject* self, PyObject*) {
    return guarded([&] { return int_list(graph(self).solve()); });
}
PyObject* check(PyObject* self, PyObject*) {
    return guarded([&] { return from_string(graph(self).check()); });
}

constexpr int kFast = METH_FASTCALL | METH_KEYWORDS;

PyMethodDef kMethods[] = {
    {"seed_duals", method(&seed_duals), kFast, nullptr},
    {"restart", method(&restart), kFast, nullptr},
    {"first_open", method(&first_open), kFast, nullptr},
    {"has_edge", method(&has_edge), kFast, nullptr},
    {"neighbours", method(&neighbours), kFast, nullptr},
    {"weight", method(&weight), kFast, nullptr},
    {"main_weight", method(&main_weight), kFast, nullptr},
    {"set_order", method(&set_order), kFast, nullptr},
    {"set_orders", method(&set_orders), kFast, nullptr},
    {"set_order_range", method(&set_order_range), kFast, nullptr},
    {"remove", method(&remove), kFast, nullptr},
    {"remove_range", method(&remove_range), kFast, nullptr},
    {"isolate", method(&isolate), kFast, nullptr},
    {"keep_top_to_rest", method(&keep_top_to_rest), kFast, nullptr},
    {"solve", method(&solve), METH_NOARGS, nullptr},
    {"check", method(&check), METH_NOARGS, nullptr},
    {nullptr, nullptr, 0, nullptr},
};

PyGetSetDef kGetSets[] = {
    {"n", &get_n, nullptr, nullptr, nullptr},
    {"compact", &get_compact, nullptr, nullptr, nullptr},
    {"pair_store", &get_pair_store, nullptr, nullptr, nullptr},
    {"limbs", &get_limbs, nullptr, nullptr, nullptr},
    {"stats", &get_stats, nullptr, nullptr, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr},
};

void bind(PyObject* mod) {
    PyType_Slot slots[] = {
        {Py_tp_init, reinterpret_cast<void*>(&init)},
        {Py_tp_dealloc, reinterpret_cast<void*>(&dealloc_box<BracketGraph>)},
        {Py_tp_methods, kMethods},
        {Py_tp_getset, kGetSets},
        {0, nullptr},
    };
    add_class(mod, "BracketGraph", "The weighted graph of one Dutch bracket (dutch/graph.py).",
              static_cast<int>(sizeof(Box<BracketGraph>)), slots);
}

const Binding kBinding("BracketGraph", &bind);

}  // namespace
}  // namespace fairpair
