// The McMahon round graph (fairpair.systems.mcmahon.pairing), compiled into the
// extension fairpair.matching._blossom as McMahonGraph: the AGA McMahon tiers of every
// game as edge weights, over the generic matcher (an Engine, the dense matrix) or, for a
// component too large for the matrix, over the systems' shared implicit graph
// (matching/implicit.hpp: Rows<N> gives its functions).  Python's C API through
// bindings.hpp (no pybind11 here).  See docs/matching.md.
#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "fairpair/matching/bindings.hpp"
#include "fairpair/matching/implicit.hpp"

namespace fairpair {
namespace {

// acc += b * t (two's complement, modulo 2^(64 M)).
template <int M>
FAIRPAIR_FORCE_INLINE inline void add_mul(Wide<M>& acc, const Wide<M>& b, uint64_t t) {
    if (t == 0) return;
    uint64_t carry = 0;
    for (int i = 0; i < M; ++i) acc.l[i] = mul_add64(b.l[i], t, acc.l[i], carry, carry);
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
// larger one is solved over the implicit graph (Implicit<N> from Rows<N>: each weight
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
            if (v->size() != n) value_error("one entry per player");
        if (units.size() != n) value_error("one entry per player");
        if (attrs < 0 || avoid.size() != n * static_cast<size_t>(attrs))
            value_error("avoid needs attrs entries per player");
        int k = 0;
        while (static_cast<size_t>(k) * k < stones.size()) ++k;
        if (k == 0 || static_cast<size_t>(k) * k != stones.size())
            value_error("stones must hold k*k entries, k >= 1");
        k_ = k;
        max_stones_ = 0;
        for (int x : stones) {
            if (x < 0) value_error("stones must be >= 0");
            max_stones_ = std::max(max_stones_, x);
        }
        pl_.resize(n);
        for (size_t i = 0; i < n; ++i) {
            if (stone_key[i] < 0 || stone_key[i] >= k) value_error("stone key out of range");
            if (group[i] < 0 || (i > 0 && group[i] < group[i - 1]))
                value_error("groups must be non-decreasing and >= 0");
            if (units[i] >= (1LL << 30) || units[i] <= -(1LL << 30))
                value_error("scores out of range");
            if (pos[i] < 0 || size[i] < 0) value_error("places must be >= 0");
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
    // 1: free_positions re-solves only the players whose game the structure of the first
    // solve leaves open (in_question); 0: every player not set aside by peeling the plain
    // graph of tight games (the former way, kept to test the first against).
    long long uniqueness_test = 1;

    // Connected components (vertex lists in increasing order, the bye vertex n last) of
    // the allowed pairs between the score groups of `kept` (pairs (g, h)) plus the bye
    // vertex joined to `bye`; the graph `solve` uses until the next call.
    std::vector<std::vector<int>> components(const std::vector<std::pair<int, int>>& kept,
                                             const std::vector<int>& bye) {
        std::fill(kept_.begin(), kept_.end(), 0);
        for (const auto& [g, h] : kept) {
            if (g < 0 || h < 0 || g >= ng_ || h >= ng_) value_error("group out of range");
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
    // attribute, one per handicap stone (avoidance), then switch, split and low, then
    // the order tie-break (0: none; the game between local places i < j adds
    // (j - i - 1) * c * k^(p-1-i) for i < p, k the component's size and p = `places`
    // of its places (k - 1 when places < 0 or >= k - 1): pairing.order_digits).
    // Returns mate[] in positions of `comp` (-1: unmatched). With `freed` (and a perfect
    // matching), also the positions whose game is not in every optimal matching
    // (free_positions). OverflowError when the weights are too wide for the compiled
    // matcher.
    std::vector<int> solve(const std::vector<int>& comp, PyObject* coefficients, PyObject* top,
                           long places = -1, std::vector<int>* freed = nullptr) {
        Ref seq(PySequence_Fast(coefficients, "coefficients must be a sequence"));
        if (seq.p == nullptr) throw PyError{};
        if (PySequence_Fast_GET_SIZE(seq.p) != 10 + attrs_) value_error("10 + attrs coefficients");
        PyObject** items = PySequence_Fast_ITEMS(seq.p);
        std::vector<Buf> coefs;
        const Buf top_buf = to_buf(top);
        if (top_buf.is_neg()) value_error("top must be >= 0");
        int bits = bit_length(top_buf);
        for (int q = 0; q < 10 + attrs_; ++q) {
            const Buf c = to_buf(items[q]);
            if (c.is_neg()) value_error("coefficients must be >= 0");
            coefs.push_back(c);
            bits = std::max(bits, bit_length(c));
        }
        // Room for a 64-bit tier value times a coefficient, summed over all terms.
        const int room = bits + 64 + 8;
        for (int m : {2, 3, 4, 6, 16})
            if (room <= 64 * m - 1) return solve_m(m, comp, coefs, top_buf, places, freed);
        PyErr_Format(PyExc_OverflowError, "matching weight exceeds the supported %d bits",
                     kMaxWeightBits);
        throw PyError{};
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
        std::vector<Wide<X>> order;  // c * k^(k-2-i) per local place i (empty: no tie-break)
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
    Terms<X> terms(const std::vector<Buf>& coefs, const std::vector<int>& comp,
                   long places) const {
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
        const Wide<X>& oc = t.c[static_cast<size_t>(9 + a)];
        const long long k = static_cast<long long>(comp.size());
        if (!(oc == Wide<X>::zero()) && k >= 2) {
            const long long p = places < 0 || places >= k - 1 ? k - 1 : places;
            t.order.assign(static_cast<size_t>(k - 1), Wide<X>::zero());
            if (p >= 1) t.order[static_cast<size_t>(p - 1)] = oc;
            for (long long i = p - 2; i >= 0; --i) {
                Wide<X> next = Wide<X>::zero();
                add_mul(next, t.order[static_cast<size_t>(i + 1)], static_cast<uint64_t>(k));
                t.order[static_cast<size_t>(i)] = next;
            }
        }
        return t;
    }

    // The order tie-break of the vertices a and b (pool places, or n_ for the bye):
    // (j - i - 1) * order[i] for their local places i < j (pairing.order_digits).
    template <int X>
    FAIRPAIR_FORCE_INLINE inline void add_order(Wide<X>& p, int a, int b, const Terms<X>& t) const {
        if (t.order.empty()) return;
        int i = local_[static_cast<size_t>(a)], j = local_[static_cast<size_t>(b)];
        if (i > j) std::swap(i, j);
        add_mul(p, t.order[static_cast<size_t>(i)], static_cast<uint64_t>(j - i - 1));
    }

    // Tier values of the game a-b (as pairing.edge_tiers) times the coefficients, plus
    // the order tie-break.
    template <int X>
    FAIRPAIR_FORCE_INLINE inline Wide<X> penalty(int a, int b, const Terms<X>& t) const {
        Wide<X> p = Wide<X>::zero();
        add_order(p, a, b, t);
        const Player* A = &pl_[static_cast<size_t>(a)];
        const Player* B = &pl_[static_cast<size_t>(b)];
        if (A->units < B->units || (A->units == B->units && A->pos > B->pos)) {
            std::swap(A, B);  // A: the higher player (score, then place)
            std::swap(a, b);
        }
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
        add_order(p, b, n_, t);
        return p;
    }

    // One component as an implicit graph (Implicit<N>, matching/implicit.hpp, through
    // the static functions below): vertices are the places in the component, each weight
    // (top - penalty + offset, doubled) computed when asked, modulo 2^(64 N), which is
    // exact since the final value fits.
    template <int N>
    struct Rows {
        const McMahonGraph* g;
        const std::vector<int>* comp;
        Terms<N> t;
        Wide<N> top, offset;
        static bool has_fn(const void* ctx, int i, int j) {
            return static_cast<const Rows*>(ctx)->has(i, j);
        }
        static Wide<N> w2_fn(const void* ctx, int i, int j) {
            return static_cast<const Rows*>(ctx)->w2(i, j);
        }
        static Wide<N> w2_or_zero_fn(const void* ctx, int i, int j) {
            const Rows* r = static_cast<const Rows*>(ctx);
            return r->has(i, j) ? r->w2(i, j) : Wide<N>::zero();
        }
        static void row_fn(const void* ctx, int x, std::vector<int>& out) {
            static_cast<const Rows*>(ctx)->each(x, [&out](int v) {
                out.push_back(v);
                return true;
            });
        }
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
            // Vertices outside `comp` (local_ -1) are left out: `comp` may be part of a
            // component (pairing._first_in_order solves the parts of a tight class).
            if (a == m.n_) {
                for (int b : m.bye_list_) {
                    const int lb = m.local_[static_cast<size_t>(b)];
                    if (lb >= 0 && !f(lb)) return;
                }
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
                    const int lj = m.local_[static_cast<size_t>(j)];
                    if (lj >= 0 && !f(lj)) return;
                }
            }
            const int lbye = m.local_[static_cast<size_t>(m.n_)];
            if (m.has_bye_ && m.bye_[static_cast<size_t>(a)] && lbye >= 0) f(lbye);
        }
    };

    template <int N>
    std::vector<int> solve_rows(const std::vector<int>& comp, const std::vector<Buf>& coefs,
                                const Buf& top, const Buf& offset, long places,
                                std::vector<Buf>* duals, std::vector<int>* outer) {
        const Rows<N> rows{this, &comp, terms<N>(coefs, comp, places), narrow<N>(top),
                           narrow<N>(offset)};
        Implicit<N> graph;
        graph.size = static_cast<int>(comp.size());
        graph.ctx = &rows;
        graph.w2_fn = &Rows<N>::w2_fn;
        graph.has_fn = &Rows<N>::has_fn;
        graph.row_fn = &Rows<N>::row_fn;
        graph.w2_or_zero_fn = &Rows<N>::w2_or_zero_fn;
        NoGil release;
        std::vector<Wide<N>> y;
        std::vector<int> mate =
            fairpair::solve_implicit<N>(graph, duals ? &y : nullptr, {}, outer);
        if (duals != nullptr)
            for (const Wide<N>& v : y) duals->push_back(widen_buf<N>(v));
        return mate;
    }

    std::vector<int> solve_m(int m, const std::vector<int>& comp, const std::vector<Buf>& coefs,
                             const Buf& top, long places, std::vector<int>* freed) {
        switch (m) {
            case 2: return solve_t<2>(comp, coefs, top, places, freed);
            case 3: return solve_t<3>(comp, coefs, top, places, freed);
            case 4: return solve_t<4>(comp, coefs, top, places, freed);
            case 6: return solve_t<6>(comp, coefs, top, places, freed);
            default: return solve_t<16>(comp, coefs, top, places, freed);
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
                             const Buf& top_buf, long places, std::vector<int>* freed) {
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
            if (v < 0 || v > n_ || (v == n_ && !has_bye_)) value_error("not a vertex");
            if (local_[static_cast<size_t>(v)] != -1) value_error("vertex repeated");
            local_[static_cast<size_t>(v)] = q;
        }
        const Terms<M> t = terms<M>(coefs, comp, places);
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
        std::vector<int> mate;
        std::vector<Buf> duals;
        std::vector<int> outer;
        if (static_cast<double>(nc) * nc * 8 * limbs > static_cast<double>(dense_limit)) {
            mate = with_implicit_limbs(limbs, [&](auto l) {
                return solve_rows<decltype(l)::value>(comp, coefs, top_buf, k, places,
                                                      freed != nullptr ? &duals : nullptr,
                                                      freed != nullptr ? &outer : nullptr);
            });
        } else {
            std::unique_ptr<Engine> eng = make_engine(limbs, nc);
            for_edges<M>(comp, t, top, [&](int i, int j, const Wide<M>& w) {
                Buf x = widen_buf(w);
                x = x + k;
                eng->set_w2(i, j, x + x);
            });
            NoGil release;
            mate = eng->solve();
            if (freed != nullptr) {
                duals = eng->node_duals();
                outer = eng->positive_parents();
            }
        }
        if (freed != nullptr) {
            freed->clear();
            if (std::find(mate.begin(), mate.end(), -1) != mate.end()) return mate;
            NoGil release;
            const EdgeList tight = tight_scan<M>(comp, t, top, k, mate, duals, outer);
            *freed = free_positions<M>(comp, t, top, k, mate, tight, duals, outer);
        }
        return mate;
    }

    // The tight edges of a component outside `mate` (local positions, i < j) under the
    // duals of its solve: `y` the doubled duals of every vertex and blossom, `outer` the
    // innermost positive blossom around each node (Blossom::positive_parents). A game's
    // reduced cost is y_i + y_j - w2(i, j) plus twice the z of the positive blossoms
    // holding both; zero: tight. Every optimal matching is made of `mate`'s games and
    // these (complementary slackness).
    //
    // Bounded per score group first: the reduced cost is at least y_i + y_j - 2 (top +
    // offset) + 2 c_score d^2 + (twice the z of the outermost blossom, when both lie in
    // it), d the groups' score difference; a group whose least bound is positive holds
    // no tight edge of i and is passed over whole. In a McMahon optimum nearly all of a
    // large component lies in one blossom whose z carries most of the weight, so most
    // groups are passed over and the games in question are read in i's group and the
    // nearest ones only.
    template <int M>
    EdgeList tight_scan(const std::vector<int>& comp, const Terms<M>& t, const Wide<M>& top,
                        const Buf& offset, const std::vector<int>& mate,
                        const std::vector<Buf>& duals, const std::vector<int>& outer) {
        const int nc = static_cast<int>(comp.size());
        const size_t nodes = static_cast<size_t>(2 * nc);
        std::vector<Wide<M>> y(nodes);
        for (size_t q = 0; q < nodes; ++q) y[q] = narrow<M>(duals[q]);
        // The leaves of each positive blossom are consecutive in `place` (depth first).
        std::vector<std::vector<int>> kids(nodes);
        std::vector<int> roots;
        std::vector<char> used(nodes, 0);
        for (int v = 0; v < nc; ++v) used[static_cast<size_t>(v)] = 1;
        for (size_t x = 0; x < nodes; ++x)
            if (outer[x] >= 0) used[static_cast<size_t>(outer[x])] = 1;
        for (size_t x = 0; x < nodes; ++x) {
            if (!used[x]) continue;
            if (outer[x] < 0) roots.push_back(static_cast<int>(x));
            else kids[static_cast<size_t>(outer[x])].push_back(static_cast<int>(x));
        }
        std::vector<int> place(static_cast<size_t>(nc), 0), lo(nodes, 0), hi(nodes, 0);
        std::vector<int> topb(static_cast<size_t>(nc), -1);  // outermost positive blossom
        int next = 0;
        std::vector<std::pair<int, size_t>> stack;
        for (int r : roots) {
            stack.assign(1, {r, 0});
            lo[static_cast<size_t>(r)] = next;
            while (!stack.empty()) {
                auto& [b, q] = stack.back();
                if (b < nc) {
                    place[static_cast<size_t>(b)] = next++;
                    hi[static_cast<size_t>(b)] = next;
                    if (b != r) topb[static_cast<size_t>(b)] = r;
                    stack.pop_back();
                    continue;
                }
                const auto& ks = kids[static_cast<size_t>(b)];
                if (q == ks.size()) {
                    hi[static_cast<size_t>(b)] = next;
                    stack.pop_back();
                    continue;
                }
                const int c = ks[q++];
                lo[static_cast<size_t>(c)] = next;
                stack.push_back({c, 0});
            }
        }
        // Per score group: the least dual (m1, of a vertex in the outermost blossom t1)
        // and the least outside t1 (m2); the range of its scores.
        struct Group {
            bool any = false, any2 = false;
            Wide<M> m1, m2;
            int t1 = -1;
            long long ulo = 0, uhi = 0;
            int pmin = 0, pmax = 0;  // the least and greatest leaf place
        };
        std::vector<Group> gs(static_cast<size_t>(ng_));
        for (int pass = 0; pass < 2; ++pass)
            for (int q = 0; q < nc; ++q) {
                const int v = comp[static_cast<size_t>(q)];
                if (v == n_) continue;
                Group& g = gs[static_cast<size_t>(pl_[static_cast<size_t>(v)].group)];
                const long long u = pl_[static_cast<size_t>(v)].units;
                const Wide<M>& yv = y[static_cast<size_t>(q)];
                const int tv = topb[static_cast<size_t>(q)];
                if (pass == 0) {
                    if (!g.any) {
                        g.any = true;
                        g.m1 = yv;
                        g.t1 = tv;
                        g.ulo = g.uhi = u;
                        g.pmin = g.pmax = place[static_cast<size_t>(q)];
                    } else {
                        g.ulo = std::min(g.ulo, u);
                        g.uhi = std::max(g.uhi, u);
                        g.pmin = std::min(g.pmin, place[static_cast<size_t>(q)]);
                        g.pmax = std::max(g.pmax, place[static_cast<size_t>(q)]);
                        if (yv < g.m1) {
                            g.m1 = yv;
                            g.t1 = tv;
                        }
                    }
                } else if (tv != g.t1 && (!g.any2 || yv < g.m2)) {
                    g.m2 = yv;
                    g.any2 = true;
                }
            }
        const Wide<M> off = narrow<M>(offset);
        const Wide<M> full = top + off;
        const Wide<M> full2 = full + full;
        EdgeList out;
        std::vector<int> chain;
        std::vector<Wide<M>> zsum;
        for (int q = 0; q < nc; ++q) {
            const int a = comp[static_cast<size_t>(q)];
            chain.clear();
            for (int b = outer[static_cast<size_t>(q)]; b != -1; b = outer[static_cast<size_t>(b)])
                chain.push_back(b);
            zsum.assign(chain.size() + 1, Wide<M>::zero());
            for (size_t k = chain.size(); k-- > 0;)
                zsum[k] = zsum[k + 1] + y[static_cast<size_t>(chain[k])];
            for (auto& z : zsum) z = z + z;
            const size_t depth = chain.size();
            const Wide<M>& yx = y[static_cast<size_t>(q)];
            const int mx = mate[static_cast<size_t>(q)];
            // The game with lj: its reduced cost is `base` (duals, blossoms, top) plus
            // twice its penalty; `score` a lower bound of the penalty, `pen` the
            // penalty itself, asked only when that bound leaves the game possible.
            auto visit = [&](int lj, long long diff, auto&& pen) FAIRPAIR_FORCE_INLINE {
                if (lj == mx) return;
                const int pv = place[static_cast<size_t>(lj)];
                size_t lo_k = 0, hi_k = depth;
                while (lo_k < hi_k) {
                    const size_t m = (lo_k + hi_k) / 2;
                    const int b = chain[m];
                    if (lo[static_cast<size_t>(b)] <= pv && pv < hi[static_cast<size_t>(b)]) hi_k = m;
                    else lo_k = m + 1;
                }
                const Wide<M> base = yx + y[static_cast<size_t>(lj)] + zsum[lo_k] - full2;
                if (base.is_pos()) return;
                if (diff != 0) {
                    Wide<M> sp = Wide<M>::zero();
                    t.sq(sp, t.score, 1, diff);
                    if ((base + sp + sp).is_pos()) return;
                }
                const Wide<M> p = pen();
                if ((base + p + p).is_zero()) out.emplace_back(std::min(q, lj), std::max(q, lj));
            };
            if (a == n_) {
                for (int b : bye_list_) {
                    const int lb = local_[static_cast<size_t>(b)];
                    if (lb >= 0 && lb > q) visit(lb, 0, [&] { return bye_penalty<M>(b, t); });
                }
                continue;
            }
            if (has_bye_ && bye_[static_cast<size_t>(a)]) {
                const int lb = local_[static_cast<size_t>(n_)];
                if (lb > q) visit(lb, 0, [&] { return bye_penalty<M>(a, t); });
            }
            const int tx = topb[static_cast<size_t>(q)];
            const Wide<M> zt = tx >= 0 ? y[static_cast<size_t>(tx)] + y[static_cast<size_t>(tx)] : Wide<M>::zero();
            const Player& A = pl_[static_cast<size_t>(a)];
            for (int b : block_[static_cast<size_t>(a)]) stamp_[static_cast<size_t>(b)] = a;
            const char* row = &kept_[static_cast<size_t>(A.group) * ng_];
            // Each game once, from its player placed first in the pool (as for_neighbours).
            for (int h = A.group; h < ng_; ++h) {
                const Group& g = gs[static_cast<size_t>(h)];
                if (!row[h] || !g.any) continue;
                // The least reduced cost of a game of a in group h.
                long long d = 0;
                if (A.units < g.ulo) d = g.ulo - A.units;
                else if (A.units > g.uhi) d = A.units - g.uhi;
                Wide<M> least = g.m1;
                if (tx >= 0 && tx == g.t1) {
                    least = g.m1 + zt;
                    if (g.any2 && g.m2 < least) least = g.m2;
                }
                // The innermost blossom around a holding the whole group: it holds
                // every game of a in the group, so its z and those around it count.
                size_t lo_k = 0, hi_k = depth;
                while (lo_k < hi_k) {
                    const size_t m = (lo_k + hi_k) / 2;
                    const int b = chain[m];
                    if (lo[static_cast<size_t>(b)] <= g.pmin && g.pmax < hi[static_cast<size_t>(b)]) hi_k = m;
                    else lo_k = m + 1;
                }
                const Wide<M> inner = g.m1 + zsum[lo_k];
                if (least < inner) least = inner;
                Wide<M> pen = Wide<M>::zero();
                t.sq(pen, t.score, 1, d);
                least = least + yx + pen + pen - full2;
                if (least.is_pos()) continue;
                for (int j = std::max(a + 1, start_[h]); j < start_[h + 1]; ++j) {
                    const int lj = local_[static_cast<size_t>(j)];
                    if (lj < 0 || stamp_[static_cast<size_t>(j)] == a) continue;
                    visit(lj, A.units - pl_[static_cast<size_t>(j)].units,
                          [&] { return penalty<M>(a, j, t); });
                }
            }
            for (int b : block_[static_cast<size_t>(a)]) stamp_[static_cast<size_t>(b)] = -1;
        }
        return out;
    }

    // The uniqueness test: 1 for each position of a component whose game may differ
    // between optimal matchings, 0 for those whose game is in all of them; exact up to
    // whole positive blossoms (a blossom whose outer edge is open is in question whole).
    // `mate` is an optimal perfect matching, `edges` its games and the tight edges,
    // `outer` the innermost positive blossom around each node (Blossom::positive_parents;
    // nodes 0 .. 2 nc - 1, the vertices first).
    //
    // By complementary slackness the optimal matchings are the perfect matchings of
    // tight edges that leave each positive blossom by exactly one edge. Contract the
    // outermost positive blossoms: each optimal matching gives a perfect matching of the
    // contracted graph, and each perfect matching of it is one (a blossom can be entered
    // at any of its vertices: its cycle of tight edges pairs the rest). Inside a blossom
    // whose outer edge is the same in all of them (so its base too), the other children
    // are paired among themselves by tight edges between them, the same way, level by
    // level down the tree. A level whose (multi)graph has a unique perfect matching fixes
    // all of its games, and has one exactly when peeling forced games takes it all: a
    // node with one edge left keeps it, and so does a matched bridge (an odd side can be
    // left only by it), and a graph with a unique perfect matching always has a matched
    // bridge (Kotzig). What a level leaves is in question: ties exist there.
    static std::vector<char> in_question(int nc, const std::vector<int>& mate,
                                         const EdgeList& edges, const std::vector<int>& outer) {
        const int root = 2 * nc;
        auto par = [&](int x) { return outer[static_cast<size_t>(x)] < 0 ? root : outer[static_cast<size_t>(x)]; };
        // The tree of positive blossoms (nodes: vertices, positive blossoms, the root).
        std::vector<std::vector<int>> kids(static_cast<size_t>(root) + 1);
        std::vector<char> node(static_cast<size_t>(root) + 1, 0);
        node[static_cast<size_t>(root)] = 1;
        for (int v = 0; v < nc; ++v) node[static_cast<size_t>(v)] = 1;
        for (int x = 0; x < root; ++x)
            if (outer[static_cast<size_t>(x)] >= 0) node[static_cast<size_t>(outer[static_cast<size_t>(x)])] = 1;
        for (int x = 0; x < root; ++x)
            if (node[static_cast<size_t>(x)]) kids[static_cast<size_t>(par(x))].push_back(x);
        // Depths and leaf ranges (depth first from the root).
        std::vector<int> depth(static_cast<size_t>(root) + 1, 0), lo(static_cast<size_t>(root) + 1, 0),
            hi(static_cast<size_t>(root) + 1, 0), leaf;
        {
            std::vector<std::pair<int, size_t>> stack{{root, 0}};
            while (!stack.empty()) {
                auto& [b, q] = stack.back();
                if (b < nc) {
                    lo[static_cast<size_t>(b)] = static_cast<int>(leaf.size());
                    leaf.push_back(b);
                    hi[static_cast<size_t>(b)] = static_cast<int>(leaf.size());
                    stack.pop_back();
                    continue;
                }
                const auto& ks = kids[static_cast<size_t>(b)];
                if (q == 0) lo[static_cast<size_t>(b)] = static_cast<int>(leaf.size());
                if (q == ks.size()) {
                    hi[static_cast<size_t>(b)] = static_cast<int>(leaf.size());
                    stack.pop_back();
                    continue;
                }
                const int c = ks[q++];
                depth[static_cast<size_t>(c)] = depth[static_cast<size_t>(b)] + 1;
                stack.push_back({c, 0});
            }
        }
        // Each edge joins two children of the lowest node holding both ends (its level);
        // a game also names, in each blossom it leaves, the child it leaves from (the
        // base's child, matched outside the blossom).
        struct LevelEdge {
            int a, b;       // the two children
            bool matched;
        };
        std::vector<std::vector<LevelEdge>> at(static_cast<size_t>(root) + 1);
        std::vector<int> basechild(static_cast<size_t>(root) + 1, -1);
        for (const auto& [u, v] : edges) {
            int a = u, b = v;
            const bool matched = mate[static_cast<size_t>(u)] == v;
            while (depth[static_cast<size_t>(a)] > depth[static_cast<size_t>(b)]) {
                if (matched) basechild[static_cast<size_t>(par(a))] = a;
                a = par(a);
            }
            while (depth[static_cast<size_t>(b)] > depth[static_cast<size_t>(a)]) {
                if (matched) basechild[static_cast<size_t>(par(b))] = b;
                b = par(b);
            }
            while (par(a) != par(b)) {
                if (matched) {
                    basechild[static_cast<size_t>(par(a))] = a;
                    basechild[static_cast<size_t>(par(b))] = b;
                }
                a = par(a);
                b = par(b);
            }
            at[static_cast<size_t>(par(a))].push_back({a, b, matched});
        }
        std::vector<char> open(static_cast<size_t>(nc), 0);
        std::vector<int> slot(static_cast<size_t>(root) + 1, -1);
        std::vector<int> work{root};
        while (!work.empty()) {
            const int level = work.back();
            work.pop_back();
            const int skip = basechild[static_cast<size_t>(level)];  // -1 at the root
            if (skip >= nc) work.push_back(skip);  // entered at its base: settled
            // The level's graph: its children but the base's, the edges between them.
            std::vector<int> members;
            for (int c : kids[static_cast<size_t>(level)])
                if (c != skip) {
                    slot[static_cast<size_t>(c)] = static_cast<int>(members.size());
                    members.push_back(c);
                }
            const int k = static_cast<int>(members.size());
            std::vector<std::pair<int, int>> ends;  // (slot a, slot b)
            std::vector<char> forced;                // matched edge
            for (const LevelEdge& e : at[static_cast<size_t>(level)]) {
                if (e.a == skip || e.b == skip) continue;
                ends.emplace_back(slot[static_cast<size_t>(e.a)], slot[static_cast<size_t>(e.b)]);
                forced.push_back(e.matched ? 1 : 0);
            }
            std::vector<std::vector<std::pair<int, int>>> adj(static_cast<size_t>(k));  // (other, edge)
            for (size_t q = 0; q < ends.size(); ++q) {
                adj[static_cast<size_t>(ends[q].first)].push_back({ends[q].second, static_cast<int>(q)});
                adj[static_cast<size_t>(ends[q].second)].push_back({ends[q].first, static_cast<int>(q)});
            }
            std::vector<char> gone(static_cast<size_t>(k), 0);
            std::vector<int> degree(static_cast<size_t>(k));
            std::vector<int> queue;
            for (int i = 0; i < k; ++i) {
                degree[static_cast<size_t>(i)] = static_cast<int>(adj[static_cast<size_t>(i)].size());
                if (degree[static_cast<size_t>(i)] == 1) queue.push_back(i);
            }
            int left = k;
            // Remove the pair of the game e (both ends settled).
            auto settle = [&](int e) {
                for (int x : {ends[static_cast<size_t>(e)].first, ends[static_cast<size_t>(e)].second}) {
                    if (gone[static_cast<size_t>(x)]) continue;
                    gone[static_cast<size_t>(x)] = 1;
                    --left;
                    if (members[static_cast<size_t>(x)] >= nc) work.push_back(members[static_cast<size_t>(x)]);
                    for (const auto& [y, f] : adj[static_cast<size_t>(x)])
                        if (!gone[static_cast<size_t>(y)] && --degree[static_cast<size_t>(y)] == 1)
                            queue.push_back(y);
                }
            };
            auto peel = [&]() {
                while (!queue.empty()) {
                    const int x = queue.back();
                    queue.pop_back();
                    if (gone[static_cast<size_t>(x)] || degree[static_cast<size_t>(x)] != 1) continue;
                    for (const auto& [y, f] : adj[static_cast<size_t>(x)])
                        if (!gone[static_cast<size_t>(y)]) {
                            if (forced[static_cast<size_t>(f)]) settle(f);  // (always)
                            break;
                        }
                }
            };
            peel();
            // Matched bridges of what is left (Tarjan's low points, edge ids for the
            // parallel edges), settled; then peel again, until neither settles any.
            while (left > 0) {
                std::vector<int> disc(static_cast<size_t>(k), -1), low(static_cast<size_t>(k), 0);
                std::vector<int> bridges;
                int time = 0;
                struct Frame {
                    int x, via;
                    size_t q;
                };
                std::vector<Frame> st;
                for (int r = 0; r < k; ++r) {
                    if (gone[static_cast<size_t>(r)] || disc[static_cast<size_t>(r)] >= 0) continue;
                    disc[static_cast<size_t>(r)] = low[static_cast<size_t>(r)] = time++;
                    st.push_back({r, -1, 0});
                    while (!st.empty()) {
                        Frame& fr = st.back();
                        const auto& row = adj[static_cast<size_t>(fr.x)];
                        if (fr.q < row.size()) {
                            const auto [y, e] = row[fr.q++];
                            if (gone[static_cast<size_t>(y)] || e == fr.via) continue;
                            if (disc[static_cast<size_t>(y)] >= 0) {
                                low[static_cast<size_t>(fr.x)] = std::min(low[static_cast<size_t>(fr.x)], disc[static_cast<size_t>(y)]);
                            } else {
                                disc[static_cast<size_t>(y)] = low[static_cast<size_t>(y)] = time++;
                                st.push_back({y, e, 0});
                            }
                            continue;
                        }
                        const Frame done = fr;
                        st.pop_back();
                        if (!st.empty()) {
                            const int p = st.back().x;
                            low[static_cast<size_t>(p)] = std::min(low[static_cast<size_t>(p)], low[static_cast<size_t>(done.x)]);
                            if (low[static_cast<size_t>(done.x)] > disc[static_cast<size_t>(p)] && forced[static_cast<size_t>(done.via)])
                                bridges.push_back(done.via);
                        }
                    }
                }
                if (bridges.empty()) break;
                for (int e : bridges) settle(e);
                peel();
            }
            for (int i = 0; i < k; ++i) {
                if (gone[static_cast<size_t>(i)]) continue;
                const int c = members[static_cast<size_t>(i)];
                for (int q = lo[static_cast<size_t>(c)]; q < hi[static_cast<size_t>(c)]; ++q)
                    open[static_cast<size_t>(leaf[static_cast<size_t>(q)])] = 1;
            }
            for (int c : members) slot[static_cast<size_t>(c)] = -1;
        }
        return open;
    }

    // Positions of `comp` whose game in `mate` (an optimal perfect matching) is missing
    // from some optimal matching. Every optimal matching lies in the graph of the
    // matched and `tight` edges (complementary slackness), which is sparse. A player
    // whose only edge left there is his game keeps it in every optimal matching: such
    // games are set aside, again and again, and what is left falls apart into parts,
    // each on its own. A part is solved again with one unit below every tier taken off
    // the games still in question (the weights scaled to make room for that unit): the
    // optimum keeps as few of them as an optimal matching can; the games it drops are
    // freed, and once a solve keeps all those in question they are in every optimal
    // matching (each earlier solve freed at least two more players).
    template <int M>
    std::vector<int> free_positions(const std::vector<int>& comp, const Terms<M>& t,
                                    const Wide<M>& top, const Buf& k,
                                    const std::vector<int>& mate, const EdgeList& tight,
                                    const std::vector<Buf>& duals,
                                    const std::vector<int>& outer) {
        const int nc = static_cast<int>(comp.size());
        EdgeList edges(tight);
        for (int i = 0; i < nc; ++i)
            if (mate[static_cast<size_t>(i)] > i) edges.emplace_back(i, mate[static_cast<size_t>(i)]);
        if (uniqueness_test && outer.size() == static_cast<size_t>(2 * nc)) {
            // Only the players the structure leaves in question: the rest keep their
            // games in every optimal matching; their edges go.
            const std::vector<char> open = in_question(nc, mate, edges, outer);
            EdgeList kept;
            for (const auto& e : edges)
                if (open[static_cast<size_t>(e.first)] && open[static_cast<size_t>(e.second)])
                    kept.push_back(e);
            for (int i = 0; i < nc; ++i)  // a settled player's game stays (peeled below)
                if (!open[static_cast<size_t>(i)] && mate[static_cast<size_t>(i)] > i)
                    kept.emplace_back(i, mate[static_cast<size_t>(i)]);
            edges.swap(kept);
        }
        // Set aside the games of players with no other edge, until none is left.
        std::vector<std::vector<int>> adj(static_cast<size_t>(nc));
        for (const auto& [i, j] : edges) {
            adj[static_cast<size_t>(i)].push_back(j);
            adj[static_cast<size_t>(j)].push_back(i);
        }
        std::vector<int> degree(static_cast<size_t>(nc));
        std::vector<char> gone(static_cast<size_t>(nc), 0);
        std::vector<int> queue;
        for (int i = 0; i < nc; ++i) {
            degree[static_cast<size_t>(i)] = static_cast<int>(adj[static_cast<size_t>(i)].size());
            if (degree[static_cast<size_t>(i)] == 1) queue.push_back(i);
        }
        while (!queue.empty()) {
            const int a = queue.back();
            queue.pop_back();
            if (gone[static_cast<size_t>(a)]) continue;
            const int b = mate[static_cast<size_t>(a)];
            for (int v : {a, b}) gone[static_cast<size_t>(v)] = 1;
            for (int v : {a, b})
                for (int x : adj[static_cast<size_t>(v)])
                    if (!gone[static_cast<size_t>(x)] && --degree[static_cast<size_t>(x)] == 1)
                        queue.push_back(x);
        }
        // The parts of what is left (connected, through the remaining edges).
        std::vector<int> part(static_cast<size_t>(nc), -1);
        int parts = 0;
        for (int r = 0; r < nc; ++r) {
            if (gone[static_cast<size_t>(r)] || part[static_cast<size_t>(r)] != -1) continue;
            part[static_cast<size_t>(r)] = parts;
            queue.assign(1, r);
            while (!queue.empty()) {
                const int v = queue.back();
                queue.pop_back();
                for (int x : adj[static_cast<size_t>(v)]) {
                    if (gone[static_cast<size_t>(x)] || part[static_cast<size_t>(x)] != -1) continue;
                    part[static_cast<size_t>(x)] = parts;
                    queue.push_back(x);
                }
            }
            ++parts;
        }
        std::vector<int> out;
        if (parts == 0) return out;
        std::vector<std::vector<int>> members(static_cast<size_t>(parts));
        for (int i = 0; i < nc; ++i)
            if (part[static_cast<size_t>(i)] >= 0) members[static_cast<size_t>(part[static_cast<size_t>(i)])].push_back(i);
        std::vector<EdgeList> part_edges(static_cast<size_t>(parts));
        std::vector<int> where(static_cast<size_t>(nc), -1);
        for (const auto& mem : members)
            for (size_t q = 0; q < mem.size(); ++q) where[static_cast<size_t>(mem[q])] = static_cast<int>(q);
        for (const auto& [i, j] : edges) {
            const int p = part[static_cast<size_t>(i)];
            if (p >= 0 && part[static_cast<size_t>(j)] == p)
                part_edges[static_cast<size_t>(p)].emplace_back(where[static_cast<size_t>(i)],
                                                                 where[static_cast<size_t>(j)]);
        }
        for (int p = 0; p < parts; ++p) {
            const std::vector<int>& mem = members[static_cast<size_t>(p)];
            const EdgeList& pe = part_edges[static_cast<size_t>(p)];
            const int np = static_cast<int>(mem.size());
            std::vector<int> local_mate(static_cast<size_t>(np));
            for (int q = 0; q < np; ++q)
                local_mate[static_cast<size_t>(q)] =
                    where[static_cast<size_t>(mate[static_cast<size_t>(mem[static_cast<size_t>(q)])])];
            std::vector<Buf> base(pe.size());
            int bits = 0;
            for (size_t q = 0; q < pe.size(); ++q) {
                const int a = comp[static_cast<size_t>(mem[static_cast<size_t>(pe[q].first)])];
                const int b = comp[static_cast<size_t>(mem[static_cast<size_t>(pe[q].second)])];
                const Wide<M> pen = a == n_ || b == n_ ? bye_penalty<M>(a == n_ ? b : a, t)
                                                       : penalty<M>(a, b, t);
                base[q] = widen_buf(top - pen) + k;
                bits = std::max(bits, bit_length(base[q]));
            }
            const uint64_t scale = static_cast<uint64_t>(np / 2 + 1);
            int sbits = 0;
            while (sbits < 63 && (uint64_t(1) << sbits) <= scale) ++sbits;
            const int need = bits + sbits + 2;
            std::vector<int> freed;
            if (need > kMaxWeightBits) {  // (never in practice) the whole part stays in question
                for (int q = 0; q < np; ++q) freed.push_back(q);
            } else {
                std::vector<Buf> seed;
                if (duals.size() >= static_cast<size_t>(nc))
                    for (int q = 0; q < np; ++q)
                        seed.push_back(duals[static_cast<size_t>(mem[static_cast<size_t>(q)])]);
                freed = with_implicit_limbs(limbs_for(need), [&](auto l) {
                    return free_loop<decltype(l)::value>(np, pe, base, scale, local_mate, seed);
                });
            }
            for (int q : freed) out.push_back(mem[static_cast<size_t>(q)]);
        }
        std::sort(out.begin(), out.end());
        return out;
    }

    // A sparse graph for Implicit<N>: rows sorted, one doubled weight per edge.
    template <int N>
    struct Sparse {
        std::vector<int> head, adj, edge;
        std::vector<Wide<N>> w2;  // per edge
        size_t find(int i, int j) const {
            const auto b = adj.begin() + head[static_cast<size_t>(i)];
            const auto e = adj.begin() + head[static_cast<size_t>(i) + 1];
            const auto it = std::lower_bound(b, e, j);
            return it != e && *it == j ? static_cast<size_t>(it - adj.begin()) : adj.size();
        }
        static bool has_fn(const void* ctx, int i, int j) {
            const Sparse* s = static_cast<const Sparse*>(ctx);
            return s->find(i, j) != s->adj.size();
        }
        static Wide<N> w2_fn(const void* ctx, int i, int j) {
            const Sparse* s = static_cast<const Sparse*>(ctx);
            return s->w2[static_cast<size_t>(s->edge[s->find(i, j)])];
        }
        static Wide<N> w2_or_zero_fn(const void* ctx, int i, int j) {
            const Sparse* s = static_cast<const Sparse*>(ctx);
            const size_t q = s->find(i, j);
            return q == s->adj.size() ? Wide<N>::zero() : s->w2[static_cast<size_t>(s->edge[q])];
        }
        static void row_fn(const void* ctx, int x, std::vector<int>& out) {
            const Sparse* s = static_cast<const Sparse*>(ctx);
            out.insert(out.end(), s->adj.begin() + s->head[static_cast<size_t>(x)],
                       s->adj.begin() + s->head[static_cast<size_t>(x) + 1]);
        }
    };

    template <int N>
    static std::vector<int> free_loop(int nc, const EdgeList& edges, const std::vector<Buf>& base,
                                      uint64_t scale, const std::vector<int>& mate,
                                      const std::vector<Buf>& seed) {
        Sparse<N> sp;
        std::vector<std::pair<std::pair<int, int>, int>> arcs;
        arcs.reserve(2 * edges.size());
        for (size_t q = 0; q < edges.size(); ++q) {
            arcs.push_back({{edges[q].first, edges[q].second}, static_cast<int>(q)});
            arcs.push_back({{edges[q].second, edges[q].first}, static_cast<int>(q)});
        }
        std::sort(arcs.begin(), arcs.end());
        sp.head.assign(static_cast<size_t>(nc) + 1, 0);
        for (const auto& a : arcs) ++sp.head[static_cast<size_t>(a.first.first) + 1];
        for (int v = 0; v < nc; ++v)
            sp.head[static_cast<size_t>(v) + 1] += sp.head[static_cast<size_t>(v)];
        for (const auto& a : arcs) {
            sp.adj.push_back(a.first.second);
            sp.edge.push_back(a.second);
        }
        std::vector<Wide<N>> scaled(edges.size());
        for (size_t q = 0; q < edges.size(); ++q) {
            scaled[q] = Wide<N>::zero();
            add_mul(scaled[q], narrow<N>(base[q]), scale);
        }
        Implicit<N> graph;
        graph.size = nc;
        graph.ctx = &sp;
        graph.w2_fn = &Sparse<N>::w2_fn;
        graph.has_fn = &Sparse<N>::has_fn;
        graph.row_fn = &Sparse<N>::row_fn;
        graph.w2_or_zero_fn = &Sparse<N>::w2_or_zero_fn;
        std::vector<char> kept(static_cast<size_t>(nc), 1);
        sp.w2.resize(edges.size());
        for (;;) {
            for (size_t q = 0; q < edges.size(); ++q) {
                const int i = edges[q].first, j = edges[q].second;
                Wide<N> w = scaled[q];
                if (mate[static_cast<size_t>(i)] == j && kept[static_cast<size_t>(i)])
                    w = w - Wide<N>::small(1);
                sp.w2[q] = w + w;
            }
            // Started from the first solve's vertex duals (scaled as the weights): all
            // but the games in question and the blossoms' edges stay tight, so the
            // greedy start pairs most players at once.
            std::vector<Wide<N>> start;
            for (const Buf& y : seed) {
                start.push_back(Wide<N>::zero());
                add_mul(start.back(), narrow<N>(y), scale);
            }
            const std::vector<int> again = solve_implicit<N>(graph, nullptr, start);
            bool changed = false;
            for (int i = 0; i < nc; ++i) {
                const int m = mate[static_cast<size_t>(i)];
                if (!kept[static_cast<size_t>(i)] || again[static_cast<size_t>(i)] == m) continue;
                kept[static_cast<size_t>(i)] = kept[static_cast<size_t>(m)] = 0;
                changed = true;
            }
            if (!changed) break;
        }
        std::vector<int> out;
        for (int i = 0; i < nc; ++i)
            if (!kept[static_cast<size_t>(i)]) out.push_back(i);
        return out;
    }
};

// ------------------------------------------------------------ the Python class

int init(PyObject* self, PyObject* args, PyObject* kwargs) {
    return init_box<McMahonGraph>(self, [&] {
        const Args a("McMahonGraph", args, kwargs,
                     {"group", "units", "pos", "size", "half", "shift", "middle", "floated",
                      "white_cost", "black_cost", "strength_place", "stone_key", "stones",
                      "avoid", "attrs", "blocked", "float_rule", "colour", "avoidance"},
                     19);
        auto ints = [&a](int i) { return to_ints(a[i], a.name(i)); };
        return new McMahonGraph(ints(0), to_long_longs(a[1], "units"), ints(2), ints(3),
                                ints(4), ints(5), ints(6), ints(7), ints(8), ints(9), ints(10),
                                ints(11), ints(12), ints(13),
                                static_cast<int>(to_long(a[14], "attrs")),
                                to_int_pairs(a[15], "blocked"), to_bool(a[16], "float_rule"),
                                to_bool(a[17], "colour"), to_bool(a[18], "avoidance"));
    });
}

PyObject* get_n(PyObject* self, void*) {
    return guarded([&] { return from_long(unbox<McMahonGraph>(self).n()); });
}


PyObject* components(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kw) {
    return guarded([&] {
        const Args a("components", args, nargs, kw, {"kept", "bye"}, 2);
        return int_list_list(unbox<McMahonGraph>(self).components(to_int_pairs(a[0], "kept"),
                                                                   to_ints(a[1], "bye")));
    });
}

PyObject* solve(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kw) {
    return guarded([&] {
        const Args a("solve", args, nargs, kw, {"comp", "coefficients", "top", "places"}, 3);
        const long places = a[3] == nullptr ? -1 : to_long(a[3], "places");
        return int_list(
            unbox<McMahonGraph>(self).solve(to_ints(a[0], "comp"), a[1], a[2], places));
    });
}

PyObject* solve_freed(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kw) {
    return guarded([&]() -> PyObject* {
        const Args a("solve_freed", args, nargs, kw, {"comp", "coefficients", "top"}, 3);
        std::vector<int> freed;
        const std::vector<int> mate =
            unbox<McMahonGraph>(self).solve(to_ints(a[0], "comp"), a[1], a[2], -1, &freed);
        Ref first(int_list(mate));
        Ref second(int_list(freed));
        PyObject* pair = PyTuple_Pack(2, first.p, second.p);
        if (pair == nullptr) throw PyError{};
        return pair;
    });
}

PyMethodDef kMethods[] = {
    {"components", method(&components),
     METH_FASTCALL | METH_KEYWORDS,
     "components(kept, bye): the connected components of the admitted group pairs."},
    {"solve", method(&solve),
     METH_FASTCALL | METH_KEYWORDS,
     "solve(comp, coefficients, top, places=-1): the optimal matching of one component."},
    {"solve_freed", method(&solve_freed),
     METH_FASTCALL | METH_KEYWORDS,
     "solve_freed(comp, coefficients, top): the optimal matching of one component and "
     "the positions whose game is not in every optimal matching."},
    {nullptr, nullptr, 0, nullptr},
};

PyGetSetDef kGetSets[] = {
    {"n", &get_n, nullptr, "number of players", nullptr},
    {"dense_limit", &get_long_long<McMahonGraph, &McMahonGraph::dense_limit>,
     &set_long_long<McMahonGraph, &McMahonGraph::dense_limit>,
     "bytes of weights above which a component is solved implicitly",
     const_cast<char*>("dense_limit")},
    {"uniqueness_test", &get_long_long<McMahonGraph, &McMahonGraph::uniqueness_test>,
     &set_long_long<McMahonGraph, &McMahonGraph::uniqueness_test>,
     "1: solve_freed re-solves only the players the structure of the solve leaves in "
     "question; 0: all but those peeled from the plain graph of tight games",
     const_cast<char*>("uniqueness_test")},
    {nullptr, nullptr, nullptr, nullptr, nullptr},
};

void bind(PyObject* mod) {
    PyType_Slot slots[] = {
        {Py_tp_init, reinterpret_cast<void*>(&init)},
        {Py_tp_dealloc, reinterpret_cast<void*>(&dealloc_box<McMahonGraph>)},
        {Py_tp_methods, kMethods},
        {Py_tp_getset, kGetSets},
        {0, nullptr},
    };
    add_class(mod, "McMahonGraph", "The graph of one AGA McMahon round (pairing.py).",
              static_cast<int>(sizeof(Box<McMahonGraph>)), slots);
}

const Binding kBinding("McMahonGraph", &bind);

}  // namespace
}  // namespace fairpair
