// The matcher behind a run-time limb count: what the bindings and the systems' compiled
// graphs share (fairpair.matching._blossom). No Python here: the engine units compile
// without Python's headers.
//
// Weights travel as Buf, a 16-limb two's complement integer; an engine holds them in
// Wide<N>, N one of kLimbChoices chosen from the largest weight.  The heavy templates,
// Blossom<N, void> (dense matrix) and Blossom<N, ClassOrder> (the compact class graph),
// are instantiated once each, in _engine_narrow.cpp (N <= 4) and _engine_wide.cpp
// (N >= 6): every other unit reaches them through the type-erased Engine made by
// make_engine / make_compact_engine (the extern template declarations below stop any
// other unit from instantiating them again).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "blossom.hpp"

namespace fairpair {

constexpr int kBufLimbs = 16;
using Buf = Wide<kBufLimbs>;
// No 9: weights of 381 to 572 bits take 16 limbs (rare; one fewer width to compile).
inline constexpr int kLimbChoices[] = {1, 2, 3, 4, 6, 16};
// Duals reach 2 * max weight and sums of two duals 4 * max weight, plus a sign bit:
// weights of up to 64 * limbs - 4 bits are exact.
constexpr int max_bits(int limbs) { return 64 * limbs - 4; }
constexpr int kMaxWeightBits = max_bits(kBufLimbs);

// The limb count for weights of `bits` bits (std::invalid_argument, a ValueError in
// Python, past kMaxWeightBits: callers check the width first).
int limbs_for(int bits);

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
        default: return f(std::integral_constant<int, 16>{});
    }
}

// The implicit graphs of the systems (Blossom<N, Rows<N>>, one instantiation per width
// and system: the costliest part of the build) come in fewer widths: f(integral_constant
// <int, M>) for M = 3, 6 or 16, the narrowest of them holding `limbs` limbs.  Wider than
// needed is exact, only slower; the implicit graph is for fields too large for the n x n
// matrix, whose weights take 3 limbs (McMahon) or 6 (Netrunner) in the benchmarks.
template <class F>
decltype(auto) with_implicit_limbs(int limbs, F&& f) {
    if (limbs <= 3) return f(std::integral_constant<int, 3>{});
    if (limbs <= 6) return f(std::integral_constant<int, 6>{});
    return f(std::integral_constant<int, 16>{});
}

// Number of bits of |x|.
template <int M>
int wide_bits(const Wide<M>& x) {
    const Wide<M> a = x.is_neg() ? Wide<M>::zero() - x : x;
    for (int i = M - 1; i >= 0; --i)
        if (a.l[i] != 0) return 64 * i + bit_width64(a.l[i]);
    return 0;
}

inline int bit_length(const Buf& x) { return wide_bits(x); }

// The low M limbs (the value modulo 2^(64 M)).
template <int M>
Wide<M> narrow(const Buf& x) {
    Wide<M> r;
    for (int i = 0; i < M; ++i) r.l[i] = x.l[i];
    return r;
}

// Sign-extended to 16 limbs.
template <int M>
Buf widen_buf(const Wide<M>& x) {
    Buf r;
    for (int i = 0; i < kBufLimbs; ++i) r.l[i] = i < M ? x.l[i] : (x.is_neg() ? ~uint64_t(0) : 0);
    return r;
}

// ------------------------------------------------------------ type-erased engines

struct Engine {
    virtual ~Engine() = default;
    virtual int limbs() const = 0;
    virtual int size() const = 0;
    // Doubled weight, which fits the engine's limbs; false (nothing changed) when a
    // compact engine cannot hold it (see set_classes).
    virtual bool set_w2(int u, int v, const Buf& w2) = 0;
    // Doubled weights of u-x for x = lo..hi-1 (self-loop skipped), each given in the
    // engine's own limbs(): limbs() words per entry, hi - lo entries.  One call per row
    // where a graph computes its weights in the engine's width.
    virtual void set_row_w2(int u, int lo, int hi, const uint64_t* words) = 0;
    // Compact engines only: classes of the vertices and the k x k table of doubled
    // criteria weights per ordered pair of classes (every edge removed).
    virtual void set_classes(const std::vector<int>& cls, int k, const std::vector<Buf>& table) = 0;
    virtual bool compact() const = 0;
    // Compact engines (false otherwise, nothing done): every edge set at once from the
    // classes (fill_edges); the doubled order part o[q] (o[0] if o has one entry and
    // xs more) on each edge u-xs[q] that exists (put_order2: a row of the row store
    // written out, when o has one entry per vertex); among lo..hi-1 only the edges from a
    // top vertex p to a later x that is not top kept, with the order (hi-p)(hi-x).
    virtual bool fill_edges(const std::vector<int>& tags,
                            const std::vector<std::vector<int>>& block) = 0;
    virtual bool put_order2(int u, const std::vector<int>& xs, const std::vector<int64_t>& o) = 0;
    virtual bool keep_top(int lo, int hi, const std::vector<bool>& top) = 0;
    // Compact engines (false otherwise, nothing done): the doubled order o2 on every
    // edge u-x with lo <= x < hi (a span of the row store).
    virtual bool put_range2(int u, int lo, int hi, int64_t o2) = 0;
    // Compact engines: hold the order parts in the pair store from now on (the
    // reference layout, n^2 64-bit words); whether they are held there.
    virtual void use_pair_store() = 0;
    virtual bool pair_store() const = 0;
    // Remove the edges u-x, x in xs (any engine).
    virtual void remove_edges(int u, const std::vector<int>& xs) = 0;
    // Remove every edge u-x with lo <= x < hi (any engine).
    virtual void remove_range(int u, int lo, int hi) = 0;
    virtual Buf get_w2(int u, int v) const = 0;
    virtual bool has(int u, int v) const = 0;
    // Append to `out` the neighbours x of u with lo <= x < hi, in increasing order.
    virtual void row(int u, int lo, int hi, std::vector<int>& out) const = 0;
    virtual void mark_dirty(int v) = 0;
    virtual void mark_fresh() = 0;
    virtual void resize(int n) = 0;
    virtual std::vector<int> solve() = 0;
    virtual std::string check() const = 0;
    // After a solve: its vertex duals (Blossom::vertex_duals).
    virtual std::vector<Buf> vertex_duals() const = 0;
    // After a solve: the innermost positive blossom around each node (Blossom::positive_parents).
    virtual std::vector<int> positive_parents() const = 0;
    // After a solve: the duals of every vertex and blossom (Blossom::node_duals).
    virtual std::vector<Buf> node_duals() const = 0;
    virtual std::vector<long> stats() const = 0;
    virtual void seed(const std::vector<Buf>& duals) = 0;
    virtual size_t first_open(int u, const std::vector<int>& vs, const Buf& limit2) const = 0;
};

// An engine of N limbs over n vertices: G = void the dense matrix, G = ClassOrder the
// compact class graph.  Defined in engine_impl.hpp, instantiated in the engine units.
template <int N, class G>
std::unique_ptr<Engine> new_engine(int n);

// The compact engine comes in one width fewer (no 6: weights of 253 to 380 bits take
// 16 limbs there, exact, only slower; the Dutch brackets of the benchmarks take 1 to 3).
#define FAIRPAIR_ENGINE_WIDTHS(X, ...) \
    X(1, __VA_ARGS__) X(2, __VA_ARGS__) X(3, __VA_ARGS__) X(4, __VA_ARGS__) \
    X(6, __VA_ARGS__) X(16, __VA_ARGS__)
#define FAIRPAIR_COMPACT_WIDTHS(X, ...) \
    X(1, __VA_ARGS__) X(2, __VA_ARGS__) X(3, __VA_ARGS__) X(4, __VA_ARGS__) X(16, __VA_ARGS__)
#define FAIRPAIR_EXTERN_ENGINE(N, G) extern template std::unique_ptr<Engine> new_engine<N, G>(int);
FAIRPAIR_ENGINE_WIDTHS(FAIRPAIR_EXTERN_ENGINE, void)
FAIRPAIR_COMPACT_WIDTHS(FAIRPAIR_EXTERN_ENGINE, ClassOrder)
#undef FAIRPAIR_EXTERN_ENGINE

// The compact engines' widths: f(integral_constant<int, M>) for M = limbs, or 16 for 6
// (see FAIRPAIR_COMPACT_WIDTHS).
template <class F>
decltype(auto) with_compact_limbs(int limbs, F&& f) {
    switch (limbs) {
        case 1: return f(std::integral_constant<int, 1>{});
        case 2: return f(std::integral_constant<int, 2>{});
        case 3: return f(std::integral_constant<int, 3>{});
        case 4: return f(std::integral_constant<int, 4>{});
        default: return f(std::integral_constant<int, 16>{});
    }
}

// An engine of `limbs` limbs (one of kLimbChoices) over n vertices: the dense matrix,
// or the compact class graph (Blossom<N, ClassOrder>).
std::unique_ptr<Engine> make_engine(int limbs, int n);
std::unique_ptr<Engine> make_compact_engine(int limbs, int n);

}  // namespace fairpair
