// Maximum-weight matching in general graphs (Edmonds' blossom algorithm, primal-dual,
// O(n^3) over a dense weight matrix) with exact fixed-width integer weights and warm
// restarts after weight changes.  See docs/matching.md for the method and its invariants.
//
// Conventions (all "doubled" so every quantity stays an integer):
//   w2[i][j]  = 2 * weight(i, j); an entry <= 0 means "no edge" (never worth matching).
//   dual[v]   = vertex dual u_v, dual[b] (b >= n) = blossom dual z_b.
//   slack(i,j) = u_i + u_j - w2[i][j] + 2 * sum(z_b : b contains both i and j) >= 0.
// A matching is optimal when all slacks are >= 0, matched edges have slack 0, every
// blossom with z_b > 0 is full, and every unmatched vertex has u_v = 0.
#pragma once

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

// Portability (GCC and Clang on Linux and macOS, MSVC on Windows): the limb arithmetic
// below uses the add-with-carry intrinsics on x86-64 (x86intrin.h, or intrin.h under
// MSVC), otherwise 128-bit integers where the compiler has them, otherwise plain 64-bit
// code; bit_width64 and mul_add64 hide __builtin_clzll / _BitScanReverse64 and
// unsigned __int128 / _umul128.  FAIRPAIR_PORTABLE_ARITH=1 forces the plain code (how
// the tests check it on Linux).  GCC and Clang on x86-64 compile exactly what they did.
#if !defined(FAIRPAIR_PORTABLE_ARITH) && (defined(__x86_64__) || defined(_M_X64))
#define FAIRPAIR_ADC 1
#if defined(_MSC_VER) && !defined(__clang__)
#include <intrin.h>
#elif defined(__GNUC__) && !defined(__clang__) && __has_include(<x86gprintrin.h>)
// _addcarry_u64 / _subborrow_u64 alone (GCC 11+): <x86intrin.h> would bring every
// vector intrinsic too, half a second of parsing in each unit (issue 33). Clang's
// <x86gprintrin.h> does not hold the add-with-carry intrinsics (they come with
// <immintrin.h> there), so Clang, Apple's included, keeps <x86intrin.h>.
#include <x86gprintrin.h>
#else
#include <x86intrin.h>
#endif
#elif !defined(FAIRPAIR_PORTABLE_ARITH) && defined(__SIZEOF_INT128__)
#define FAIRPAIR_INT128 1
#elif !defined(FAIRPAIR_PORTABLE_ARITH) && defined(_MSC_VER)
#include <intrin.h>
#endif

namespace fairpair {

// Inlined even where the compiler would not (the per-edge callbacks of the row loops);
// not inlined where the compiler would (for_leaves).
#if defined(__GNUC__)
#define FAIRPAIR_FORCE_INLINE __attribute__((always_inline))
#define FAIRPAIR_NOINLINE __attribute__((noinline))
#define FAIRPAIR_UNROLL _Pragma("GCC unroll 16")
#else
#define FAIRPAIR_FORCE_INLINE
#define FAIRPAIR_NOINLINE
#define FAIRPAIR_UNROLL
#endif

// Number of bits of x (0 for 0): 64 minus its leading zeros.
inline int bit_width64(uint64_t x) {
    if (x == 0) return 0;
#if defined(__GNUC__) && !defined(FAIRPAIR_PORTABLE_ARITH)
    return 64 - __builtin_clzll(x);
#elif defined(_MSC_VER) && (defined(_M_X64) || defined(_M_ARM64)) && \
    !defined(FAIRPAIR_PORTABLE_ARITH)
    unsigned long top;
    _BitScanReverse64(&top, x);
    return static_cast<int>(top) + 1;
#else
    int n = 0;
    for (; x != 0; x >>= 1) ++n;
    return n;
#endif
}

// a * b + c + d, which always fits 128 bits: the low word returned, the high one in hi.
inline uint64_t mul_add64(uint64_t a, uint64_t b, uint64_t c, uint64_t d, uint64_t& hi) {
#if (defined(FAIRPAIR_ADC) || defined(FAIRPAIR_INT128)) && defined(__SIZEOF_INT128__)
    const unsigned __int128 p = static_cast<unsigned __int128>(a) * b + c + d;
    hi = static_cast<uint64_t>(p >> 64);
    return static_cast<uint64_t>(p);
#elif defined(FAIRPAIR_ADC)  // MSVC on x86-64
    unsigned long long h, lo = _umul128(a, b, &h);
    h += _addcarry_u64(0, lo, c, &lo);
    h += _addcarry_u64(0, lo, d, &lo);
    hi = h;
    return lo;
#else
    // 32-bit halves: a * b = (ah bh) 2^64 + (ah bl + al bh) 2^32 + al bl.
    const uint64_t al = a & 0xffffffffu, ah = a >> 32, bl = b & 0xffffffffu, bh = b >> 32;
    const uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
    const uint64_t mid = (ll >> 32) + (lh & 0xffffffffu) + (hl & 0xffffffffu);
    uint64_t lo = (ll & 0xffffffffu) | (mid << 32);
    uint64_t h = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
    lo += c;
    h += lo < c;
    lo += d;
    h += lo < d;
    hi = h;
    return lo;
#endif
}

// ---------------------------------------------------------------- fixed-width integers

// Two's complement signed integer of N 64-bit limbs (little-endian limb order).
template <int N>
struct Wide {
    uint64_t l[N];

    static Wide zero() {
        Wide r;
        for (int i = 0; i < N; ++i) r.l[i] = 0;
        return r;
    }
    static Wide small(int64_t v) {
        Wide r;
        r.l[0] = static_cast<uint64_t>(v);
        for (int i = 1; i < N; ++i) r.l[i] = v < 0 ? ~uint64_t(0) : 0;
        return r;
    }
    bool is_zero() const {
        uint64_t acc = 0;
        for (int i = 0; i < N; ++i) acc |= l[i];
        return acc == 0;
    }
    bool is_neg() const { return static_cast<int64_t>(l[N - 1]) < 0; }
    bool is_pos() const { return !is_neg() && !is_zero(); }
    bool is_odd() const { return (l[0] & 1u) != 0; }
};

template <int N>
inline Wide<N> operator+(const Wide<N>& a, const Wide<N>& b) {
    Wide<N> r;
    if constexpr (N == 1) {
        r.l[0] = a.l[0] + b.l[0];
    } else {
#if defined(FAIRPAIR_ADC)
        unsigned char c = 0;
        FAIRPAIR_UNROLL
        for (int i = 0; i < N; ++i) {
            unsigned long long out;
            c = _addcarry_u64(c, a.l[i], b.l[i], &out);
            r.l[i] = out;
        }
#elif defined(FAIRPAIR_INT128)
        unsigned __int128 acc = 0;
        for (int i = 0; i < N; ++i) {
            acc += static_cast<unsigned __int128>(a.l[i]) + b.l[i];
            r.l[i] = static_cast<uint64_t>(acc);
            acc >>= 64;
        }
#else
        uint64_t c = 0;
        for (int i = 0; i < N; ++i) {
            const uint64_t s = a.l[i] + c;
            const uint64_t t = s + b.l[i];
            c = static_cast<uint64_t>(s < c) | static_cast<uint64_t>(t < s);
            r.l[i] = t;
        }
#endif
    }
    return r;
}

template <int N>
inline Wide<N> operator-(const Wide<N>& a, const Wide<N>& b) {
    Wide<N> r;
    if constexpr (N == 1) {
        r.l[0] = a.l[0] - b.l[0];
    } else {
#if defined(FAIRPAIR_ADC)
        unsigned char c = 0;
        FAIRPAIR_UNROLL
        for (int i = 0; i < N; ++i) {
            unsigned long long out;
            c = _subborrow_u64(c, a.l[i], b.l[i], &out);
            r.l[i] = out;
        }
#elif defined(FAIRPAIR_INT128)
        unsigned __int128 acc = 1;
        for (int i = 0; i < N; ++i) {
            acc += static_cast<unsigned __int128>(a.l[i]) + static_cast<uint64_t>(~b.l[i]);
            r.l[i] = static_cast<uint64_t>(acc);
            acc >>= 64;
        }
#else
        uint64_t borrow = 0;
        for (int i = 0; i < N; ++i) {
            const uint64_t s = a.l[i] - borrow;
            const uint64_t t = s - b.l[i];
            borrow = static_cast<uint64_t>(a.l[i] < borrow) | static_cast<uint64_t>(s < b.l[i]);
            r.l[i] = t;
        }
#endif
    }
    return r;
}

template <int N>
inline bool operator<(const Wide<N>& a, const Wide<N>& b) {
    if (a.l[N - 1] != b.l[N - 1])
        return static_cast<int64_t>(a.l[N - 1]) < static_cast<int64_t>(b.l[N - 1]);
    for (int i = N - 2; i >= 0; --i)
        if (a.l[i] != b.l[i]) return a.l[i] < b.l[i];
    return false;
}

template <int N>
inline bool operator==(const Wide<N>& a, const Wide<N>& b) {
    for (int i = 0; i < N; ++i)
        if (a.l[i] != b.l[i]) return false;
    return true;
}

// Does a fit one signed 64-bit word (every limb above the first its sign extension)?
template <int N>
inline bool fits_i64(const Wide<N>& a) {
    const uint64_t ext = static_cast<int64_t>(a.l[0]) < 0 ? ~uint64_t(0) : 0;
    for (int i = 1; i < N; ++i)
        if (a.l[i] != ext) return false;
    return true;
}

// Arithmetic shift right by one (exact halving of an even number).
template <int N>
inline Wide<N> half(const Wide<N>& a) {
    Wide<N> r;
    for (int i = 0; i < N - 1; ++i) r.l[i] = (a.l[i] >> 1) | (a.l[i + 1] << 63);
    r.l[N - 1] = static_cast<uint64_t>(static_cast<int64_t>(a.l[N - 1]) >> 1);
    return r;
}

// ---------------------------------------------------------------- the matcher

// G is the graph: void (the default) for a dense n x n matrix of doubled weights set
// edge by edge (set_w2, with warm restarts after changes); otherwise an implicit graph
// that the matcher reads and never changes, computing each weight when asked instead of
// storing n^2 of them (O(n) memory for graphs too large for the matrix):
//     int n() const;
//     bool has(int i, int j) const;        // is {i, j} an edge
//     Wide<N> w2(int i, int j) const;      // its doubled weight (> 0)
//     Wide<N> w2_or_zero(int i, int j) const;  // has(i, j) ? w2(i, j) : 0
//     template <class F> void each_edge(int x, F&& f) const;
//         // f(v, w) for every neighbour v of x, increasing, until f returns false;
//         // w() gives the doubled weight of {x, v}
// The algorithm is the same: on the same weights both give the same matching.
// G = ClassOrder: the stored graph of the pairing engines' brackets, where a weight is
// a criteria part that depends only on the classes of the two ends (a small table)
// plus an "order" part that fits 64 bits.  Same algorithm, same warm restarts.  Two
// stores of the order parts, the same weights read in the same order:
// - the row store (the default): one bit per ordered pair says whether it is an edge
//   (n^2 / 8 bytes), and the order part is computed when read from O(n) values: per
//   vertex a span of later vertices sharing one order (its row of D.2 / MDP values),
//   one single-pair order per vertex (B.4's candidate bonus), the rows of one vertex
//   written out (the D.1 ranks of the player being decided) and one keep-top region
//   whose order is (hi - a)(hi - b) (the D.1 hint); see order2.  A write these cannot
//   hold exactly turns the graph into the pair store first (to_pairs), so any sequence
//   of operations gives the weights the pair store would;
// - the pair store: a signed 64-bit order part per ordered pair (8 bytes per entry),
//   what the compact graph was before; the reference the tests compare with.
struct ClassOrder {};

// The part of the matcher that does not depend on the weights: the blossom structure,
// the labels and the alternating forest.  Compiled once (its out-of-line functions in
// _engine_wide.cpp) instead of once per width and graph kind (issue 33).
class BlossomCore {
  public:
    struct Edge {
        int a = -1, b = -1;  // a == -1: none
        int ep = 0;          // best edges: sepoch_ of the S endpoint when recorded
    };
    const std::vector<int>& mate() const { return mate_; }

  protected:
    // Out of line (_engine_wide.cpp): the members' destructors compiled once, not in
    // every matcher's.
    BlossomCore() = default;
    ~BlossomCore();
    BlossomCore(const BlossomCore&) = default;
    BlossomCore& operator=(const BlossomCore&) = default;

    int n_ = 0;
    std::vector<int> mate_;
    std::vector<int> inblossom_, parent_, base_;
    std::vector<std::vector<int>> childs_;
    std::vector<std::vector<Edge>> ends_;  // ends_[b][i] = (x in childs[i], y in childs[i+1])
    std::vector<int> label_, lfrom_, lto_;
    std::vector<Edge> best_;
    std::vector<std::vector<Edge>> bestlist_;
    std::vector<char> haslist_;
    // Compact graphs: the leaves of an S-blossom whose least-slack edges to other
    // S-blossoms are not in bestlist_ but bounded by best_ (see add_blossom).
    std::vector<std::vector<int>> pending_;
    std::vector<int> queue_;
    std::vector<int> tree_;      // root vertex of the tree of a labelled top-level blossom
    std::vector<char> needbest_; // per vertex: best edge must be recomputed
    std::vector<int> svert_;     // every S-vertex, once (maybe no longer S)
    std::vector<char> insvert_;  // per vertex: listed in svert_
    std::vector<int> sepoch_;    // per vertex: bumped whenever its tree is dissolved
    // Warm restarts: start afresh, or repair the vertices marked changed (dirty_,
    // listed in dirty_list_) first.
    bool fresh_ = true;
    std::vector<char> dirty_;
    std::vector<int> dirty_list_;
    mutable std::vector<char> gone_;  // per vertex: seen without edges (first_open)

    size_t idx(int i, int j) const {
        return static_cast<size_t>(i) * static_cast<size_t>(n_) + static_cast<size_t>(j);
    }

    // List v in svert_ unless it is there: a vertex labelled S again after its tree was
    // dissolved (several augmentations between two dual steps) keeps its first place.
    // The loops over svert_ keep the first of equal slacks, so a repeat never changed
    // their result, only their length.
    void add_svert(int v) {
        if (insvert_[v]) return;
        insvert_[v] = 1;
        svert_.push_back(v);
    }

    void clear_svert() {
        for (int v : svert_) insvert_[v] = 0;
        svert_.clear();
    }

    // f(v) for every leaf v of the blossom b, in order.  Not inlined: GCC otherwise
    // unrolls the recursion into each caller, a quarter of the matcher's code to compile
    // (issue 33); the calls cost nothing measurable (once per blossom, not per edge).
    template <class F>
    FAIRPAIR_NOINLINE void for_leaves(int b, F&& f) const {
        if (b < n_) {
            f(b);
            return;
        }
        for (int c : childs_[b]) for_leaves(c, f);
    }

    // The leaves of the new S-blossom b (its children set): each now in b, the former
    // T-vertices queued and listed as S-vertices (add_blossom).
    void absorb_leaves(int b);
    // The leaves of the dissolved top-level blossom b lose their labels, forest edges
    // and best edges (dissolve_dead_trees).
    void forget_leaves(int b);
    // Every leaf of the blossom s is now in the top-level blossom `to` (expand_blossom).
    void point_leaves(int s, int to);

    // -------------------------------------------------- labels and the alternating forest

    // Label the top-level blossom containing w with t (1 = S, 2 = T), reached by the
    // edge (from, w); from == -1 for a root.  A T-label also labels the mate S.
    void assign_label(int w, int t, int from);
    // Trace back from the S-vertices v and w (joined by a tight edge) towards their
    // roots.  Returns the base of the new blossom, or -1 if the trees differ
    // (augmenting path).
    int scan_blossom(int v, int w);
    void drop_list(int b);
    static int wrap(int j, int k) { return ((j % k) + k) % k; }
    // Rotate blossom b so that its vertex v becomes the base, swapping matched and
    // unmatched edges on the even path from v to the old base.
    void augment_blossom(int b, int v);
    // Match the S-vertex s to j (-1: leave s unmatched) and flip the alternating path
    // from s's blossom up to the root of its tree.
    void augment_side(int s, int j);
};

// The order parts of the compact graph (G = ClassOrder): the row store and the pair
// store (see ClassOrder).  They do not depend on the weights either, and are compiled
// once (the out-of-line functions in _engine_wide.cpp) instead of once per width
// (issue 33).  Every matcher derives from it; only the compact one fills it.
class OrderStore : public BlossomCore {
  public:
    static constexpr int64_t kAbsent = INT64_MIN;  // compact: no edge

    // Compact: is {i, j} an edge; store its doubled order part o (kAbsent: remove it),
    // with the same bookkeeping as set_w2 (which it is, without the table entry).
    bool has_order(int i, int j) const {
        return has_edge(i, j);
    }
    void set_order2(int i, int j, int64_t o) {
        store2(i, j, o);
    }

    // Compact: the doubled order o2 on every edge u-x with lo <= x < hi (the edges in
    // increasing x, each as set_order2 would).
    void put_range2(int u, int lo, int hi, int64_t o2);

    // Compact: the doubled orders o[q] on the edges u-xs[q] that exist (set_order2 on
    // each in turn).
    void put_row2(int u, const std::vector<int>& xs, const std::vector<int64_t>& o);

    // Compact: remove every edge u-x with lo <= x < hi (each as set_order2(u, x,
    // kAbsent) would).
    void remove_row(int u, int lo, int hi);

    // Compact: among lo..hi-1 keep only the edges from a top vertex p to a later x that
    // is not top, with the doubled order 2 (hi - p)(hi - x); pair by pair in increasing
    // p, then x, as set_order2 would.
    void keep_top(int lo, int hi, const std::vector<bool>& top);

    // Compact: append the neighbours x of u with lo <= x < hi, increasing.
    void row_edges(int u, int lo, int hi, std::vector<int>& out) const;

    // Compact: hold the order parts in the pair store from now on (the reference).
    void use_pairs() {
        if (!pairs_) to_pairs();
    }
    bool pair_store() const {
        return pairs_;
    }

  protected:
    OrderStore() = default;
    ~OrderStore();  // out of line, as ~BlossomCore
    OrderStore(const OrderStore&) = default;
    OrderStore& operator=(const OrderStore&) = default;

    // Compact, the pair store (pairs_): the doubled order parts, n x n (kAbsent: none).
    bool pairs_ = false;
    std::vector<int64_t> ord_;
    // Compact, the row store (see ClassOrder and order2): the edges, one bit per ordered
    // pair (row x: words_ words); per vertex a the span of later vertices b whose edge
    // a-b has the order o2 (lo <= b < hi); per vertex its single-pair order (partner
    // sp_, order spo_; -1: none); the vertex ex_ whose row is written out (exv_[x]: the
    // order of ex_-x; -1: none); the keep-top region ktlo_..kthi_-1 (empty: none).
    struct Span {
        int32_t lo = 0, hi = 0;
        int64_t o2 = 0;
    };
    int words_ = 0;
    std::vector<uint64_t> bits_;
    std::vector<Span> span_;
    std::vector<int32_t> sp_;
    std::vector<int64_t> spo_;
    int ex_ = -1;
    std::vector<int64_t> exv_;
    int ktlo_ = 0, kthi_ = 0;

    // Is {i, j} an edge of the store.
    FAIRPAIR_FORCE_INLINE inline bool has_edge(int i, int j) const {
        return pairs_ ? ord_[idx(i, j)] != kAbsent
                      : ((bits_[static_cast<size_t>(i) * words_ + (j >> 6)] >> (j & 63)) & 1) != 0;
    }

    // ------------------------------------------ the row store of the compact graph

    void clear_rows();

    // The doubled order part of the edge x-v (an edge of the row store): the written-out
    // row, else the single-pair order, else the keep-top region's, else the span of the
    // lower end, else 0.  Each write keeps this precedence true to the order of the
    // writes: a later write of a pair clears or rewrites what would shadow it, or turns
    // the graph into the pair store.
    int64_t order2(int x, int v) const {
        if (x == ex_) return exv_[static_cast<size_t>(v)];
        if (v == ex_) return exv_[static_cast<size_t>(x)];
        if (sp_[static_cast<size_t>(x)] == v) return spo_[static_cast<size_t>(x)];
        const int a = std::min(x, v), b = std::max(x, v);
        if (a >= ktlo_ && b < kthi_) return 2 * static_cast<int64_t>(kthi_ - a) * (kthi_ - b);
        const Span& s = span_[static_cast<size_t>(a)];
        return b >= s.lo && b < s.hi ? s.o2 : 0;
    }

    // f(v) for every edge x-v of the row store with lo <= v < hi, increasing, until f
    // returns false (then false).
    template <class F>
    FAIRPAIR_FORCE_INLINE inline bool for_bits(int x, int lo, int hi, F&& f) const {
        if (lo >= hi) return true;
        const uint64_t* row = &bits_[static_cast<size_t>(x) * words_];
        const int wlo = lo >> 6, whi = (hi - 1) >> 6;
        for (int w = wlo; w <= whi; ++w) {
            uint64_t word = row[w];
            if (w == wlo) word &= ~uint64_t(0) << (lo & 63);
            if (w == whi && (hi & 63) != 0) word &= ~(~uint64_t(0) << (hi & 63));
            while (word != 0) {
                const int v = (w << 6) + ctz64(word);
                word &= word - 1;
                if (!f(v)) return false;
            }
        }
        return true;
    }

    static int ctz64(uint64_t x) {
#if defined(__GNUC__)
        return __builtin_ctzll(x);
#else
        int n = 0;
        while ((x & 1) == 0) x >>= 1, ++n;
        return n;
#endif
    }

    bool any_edge(int x, int lo, int hi) const {
        return !for_bits(x, std::max(lo, 0), std::min(hi, n_), [](int) { return false; });
    }

    void cut_edge(int i, int j) {
        bits_[static_cast<size_t>(i) * words_ + (j >> 6)] &= ~(uint64_t(1) << (j & 63));
        bits_[static_cast<size_t>(j) * words_ + (i >> 6)] &= ~(uint64_t(1) << (i & 63));
    }

    void drop_single(int v) {
        const int p = sp_[static_cast<size_t>(v)];
        if (p < 0) return;
        if (sp_[static_cast<size_t>(p)] == v) sp_[static_cast<size_t>(p)] = -1;
        sp_[static_cast<size_t>(v)] = -1;
    }

    // The bookkeeping of a changed pair i-j (the pair store's, as set_w2 always did):
    // a pair that stays an edge clears the ends' gone_ marks; i is marked changed
    // unless the solve starts afresh or an end is marked already.
    void touched(int i, int j, bool edge) {
        if (edge && !gone_.empty()) gone_[i] = gone_[j] = 0;
        if (fresh_ || dirty_[i] || dirty_[j]) return;
        dirty_[i] = 1;
        dirty_list_.push_back(i);
    }

    // Can the row store give every edge u-x, x in xs (all of u's edges in
    // xs.front()..xs.back()), the order o2 as a span of u (u's later vertices), keeping
    // the order of u's other edges?
    bool span_fits(int u, const std::vector<int>& xs, int64_t o2) const;

    // The doubled order o (kAbsent: remove the edge) on the pair i-j, i marked changed
    // when it changes (set_order2).
    void store2(int i, int j, int64_t o);

    // The order o on the edge i-j of the row store, by itself; false if that cannot
    // be held (the caller turns to the pair store).
    bool single(int i, int j, int64_t o);

    // From the row store to the pair store, the same weights (O(n^2) once).
    void to_pairs();
};

template <int N, class G = void>
class Blossom : public OrderStore {
  public:
    using W = Wide<N>;
    static constexpr bool kCompact = std::is_same_v<G, ClassOrder>;
    static constexpr bool kDense = std::is_void_v<G>;
    static constexpr bool kStored = kDense || kCompact;  // set_w2 and warm restarts
    // Compact graphs (the Dutch brackets) make a new S-blossom's list entries for a
    // child's leaves only when the child's best edge no longer bounds them (add_blossom);
    // the other graphs keep the eager lists, hence exactly their choice among equal optima.
    static constexpr bool kLazyLists = kCompact;
    explicit Blossom(int n) { reset(n); }

    // Over the implicit graph `graph`, which must outlive the matcher.
    template <class H = G,
              class = std::enable_if_t<!std::is_void_v<H> && !std::is_same_v<H, ClassOrder>>>
    explicit Blossom(const H& graph) : graph_(&graph) {
        n_ = graph.n();
        fresh_ = true;
        dirty_.assign(n_, 0);
        dirty_list_.clear();
        alloc();
    }

    int size() const { return n_; }

    // Forget everything (weights, matching, duals) and hold n isolated vertices.
    void reset(int n) {
        n_ = n;
        if constexpr (kCompact) {
            pairs_ = false;
            clear_rows();
            cls_.assign(static_cast<size_t>(n), 0);
            k_ = 1;
            tab_.assign(1, W::zero());
            tabt_.assign(1, W::zero());
        } else {
            w2_.assign(static_cast<size_t>(n) * static_cast<size_t>(n), W::zero());
        }
        fresh_ = true;
        dirty_.assign(n, 0);
        dirty_list_.clear();
        alloc();
    }

    // Doubled weight of {i, j} (0: no edge).
    decltype(auto) w2(int i, int j) const { return wt(i, j); }

    // Compact: the classes of the vertices and the doubled criteria weight of each
    // ordered pair of classes (table[a * k + b]: the lower vertex of class a, the higher
    // of class b); every edge is removed.  The weight of an edge is then its table
    // entry plus the order part that set_w2 stores.
    template <class H = G, class = std::enable_if_t<std::is_same_v<H, ClassOrder>>>
    void set_classes(const std::vector<int>& cls, int k, std::vector<W> table) {
        cls_.assign(cls.begin(), cls.end());
        k_ = k;
        tab_ = std::move(table);
        tabt_.assign(tab_.size(), W::zero());
        for (int a = 0; a < k; ++a)
            for (int b = 0; b < k; ++b)
                tabt_[static_cast<size_t>(b) * k + a] = tab_[static_cast<size_t>(a) * k + b];
        if (pairs_)
            std::fill(ord_.begin(), ord_.end(), kAbsent);
        else
            clear_rows();
        fresh_ = true;
    }

    // Set the doubled weight of edge {i, j} and remember one endpoint whose duals and
    // matching must be repaired before the next solve.  Compact: false (and nothing
    // changed) when the weight minus its class table entry does not fit 64 bits.
    bool set_w2(int i, int j, const W& value) {
        if constexpr (kCompact) {
            int64_t o = kAbsent;
            if (value.is_pos()) {
                const W d = value - table_entry(i, j);
                if (!fits_i64(d) || static_cast<int64_t>(d.l[0]) == kAbsent) return false;
                o = static_cast<int64_t>(d.l[0]);
            }
            store2(i, j, o);
            return true;
        } else {
            W& slot = w2_[idx(i, j)];
            W stored = value.is_pos() ? value : W::zero();
            if (slot == stored) return true;
            slot = stored;
            w2_[idx(j, i)] = stored;
            if (stored.is_pos() && !gone_.empty()) gone_[i] = gone_[j] = 0;
        }
        if (fresh_ || dirty_[i] || dirty_[j]) return true;
        dirty_[i] = 1;
        dirty_list_.push_back(i);
        return true;
    }

    // Compact, after set_classes: {i, j} becomes an edge of order 0 when its table
    // entry is positive, i and j are not blocked (block[i] lists j and block[j] i) and
    // their tags differ or are 0; row by row, in one pass over the matrix.
    template <class H = G, class = std::enable_if_t<std::is_same_v<H, ClassOrder>>>
    void fill_edges(const std::vector<int>& tags, const std::vector<std::vector<int>>& block) {
        const int n = n_;
        std::vector<int> stamp(static_cast<size_t>(n), -1);
        if (!pairs_) clear_rows();
        for (int i = 0; i < n; ++i) {
            for (int b : block[static_cast<size_t>(i)]) stamp[static_cast<size_t>(b)] = i;
            const int tag = tags[static_cast<size_t>(i)];
            const W* below = &tabt_[static_cast<size_t>(cls_[i]) * k_];
            const W* above = &tab_[static_cast<size_t>(cls_[i]) * k_];
            auto edge = [&](int j) {
                return j != i && stamp[static_cast<size_t>(j)] != i &&
                       !(tag != 0 && tags[static_cast<size_t>(j)] == tag) &&
                       (j < i ? below : above)[cls_[j]].is_pos();
            };
            if (pairs_) {
                int64_t* row = &ord_[idx(i, 0)];
                for (int j = 0; j < n; ++j) row[j] = edge(j) ? 0 : kAbsent;
            } else {
                uint64_t* row = &bits_[static_cast<size_t>(i) * words_];
                for (int j = 0; j < n; ++j)
                    if (edge(j)) row[j >> 6] |= uint64_t(1) << (j & 63);
            }
        }
    }

    void mark_dirty(int v) {
        if (fresh_ || dirty_[v]) return;
        dirty_[v] = 1;
        dirty_list_.push_back(v);
    }

    void mark_fresh() { fresh_ = true; }

    // Starting duals for the next fresh solve (doubled units, one per vertex; any
    // values: the start lowers each to the smallest feasible one in turn, so a good
    // guess, such as an optimal dual of a relaxation, leaves most vertices matched).
    void seed(std::vector<W> duals) {
        if (static_cast<int>(duals.size()) == n_) seed_ = std::move(duals);
    }

    // Change the number of vertices.  Growing keeps the weights, the matching and the
    // duals (new vertices are isolated and unmatched with dual 0, which keeps the
    // solution optimal); shrinking keeps the weights among the remaining vertices and
    // makes the next solve start afresh.
    void resize(int newn) {
        static_assert(kStored, "an implicit graph has a fixed size");
        if constexpr (kCompact) {
            throw std::logic_error("resize: not supported by the compact graph");
        } else {
            resize_dense(newn);
        }
    }

  private:
    // resize: defined below, compiled once per width at -O1 (_engine_rare.cpp): only
    // the Matcher API grows or shrinks a graph, no pairing does.
    void resize_dense(int newn);

  public:
    // The vertex duals of the last solve (doubled scale, as the weights).
    std::vector<W> vertex_duals() const { return {dual_.begin(), dual_.begin() + n_}; }
    // The duals of the last solve of every vertex and blossom (0 .. 2n - 1, doubled scale).
    const std::vector<W>& node_duals() const { return dual_; }

    // Solve (from scratch the first time, then re-using the matching and the duals).
    const std::vector<int>& solve() {
        prepare();
        run();
        return mate_;
    }

    // The index in vs of the first vertex v whose edge {u, v} may lie in a matching
    // within limit2 / 2 of the optimum (vs.size() if none; vertices without an edge to
    // u are passed over).  An edge is passed over when the duals of the last solve give
    // it a slack of at least limit2 (doubled; vertex duals only, a lower bound of its
    // reduced cost) and those duals still certify the current graph: since that solve
    // the only changes were whole pairs of its matching (or unmatched vertices with a
    // zero dual) losing all their edges, which keeps the rest of the matching optimal
    // and the duals feasible.  0 whenever that is unknown.
    size_t first_open(int u, const std::vector<int>& vs, const W& limit2) const {
        if (fresh_) return 0;
        // A vertex once seen without edges stays so until one of its edges gets a
        // positive weight again (set_w2 clears the mark): each changed vertex's row is
        // scanned once, not at every call.
        if (gone_.size() != static_cast<size_t>(n_)) gone_.assign(n_, 0);
        auto gone = [this](int x) {
            if (gone_[x]) return true;
            bool none = true;
            each_edge(x, [&none](int, auto&&) FAIRPAIR_FORCE_INLINE { return none = false; });
            if (none) gone_[x] = 1;
            return none;
        };
        for (int x : dirty_list_) {
            if (!gone(x)) return 0;
            const int m = mate_[x];
            if (m == -1 ? !dual_[x].is_zero() : !(dirty_[m] && gone(m))) return 0;
        }
        // The blossoms around u, innermost first, and the sum of their z from each one
        // outwards: the reduced cost of {u, v} adds twice the z of the blossoms holding
        // both.
        std::vector<int> chain;
        for (int b = parent_[u]; b != -1; b = parent_[b]) chain.push_back(b);
        std::vector<W> zsum(chain.size() + 1, W::zero());
        for (int k = static_cast<int>(chain.size()) - 1; k >= 0; --k)
            zsum[k] = zsum[k + 1] + dual_[chain[k]];
        auto common = [&](int v) {
            for (int b = parent_[v]; b != -1; b = parent_[b]) {
                const auto it = std::find(chain.begin(), chain.end(), b);
                if (it != chain.end()) {
                    const W& z = zsum[static_cast<size_t>(it - chain.begin())];
                    return z + z;
                }
            }
            return W::zero();
        };
        size_t q = 0;
        for (; q < vs.size(); ++q) {
            const int v = vs[q];
            if (v == u || !has_edge(u, v)) continue;
            if (dual_[u] + dual_[v] - wt(u, v) + common(v) < limit2) break;
        }
        return q;
    }

    // Check the optimality certificate (duals, tightness, full blossoms).  Returns an
    // empty string when the current matching is provably optimal.
    std::string check() const;


    // After a solve: for each vertex and blossom (0 .. 2n - 1), the innermost blossom
    // strictly around it whose dual is positive (-1: none, or not a blossom in use).
    // The maximum-weight matchings are exactly the matchings of matched and tight edges
    // that leave each of these blossoms by one edge (and leave unmatched only vertices
    // of zero dual): complementary slackness with the duals of the solve.  McMahon's
    // uniqueness test contracts them (mcmahon/_graph.cpp, in_question).
    std::vector<int> positive_parents() const;

    // Statistics of the last solve.
    long stages = 0;  // augmentations (and delta-1 releases)
    long steps = 0;   // dual adjustments
    long scans = 0;   // S-vertex scans (O(n) each)
    long work = 0;    // pairs looked at outside the scans (best-edge bookkeeping)

  private:
    std::vector<W> w2_;            // dense: the doubled weights, n x n
    std::vector<int32_t> cls_;     // compact: class of each vertex
    int k_ = 1;                    // compact: number of classes
    std::vector<W> tab_, tabt_;    // compact: class table (k x k) and its transpose
    const G* graph_ = nullptr;     // implicit: the graph
    std::vector<W> seed_;

    std::vector<W> dual_;
    std::vector<int> unused_;

    std::vector<W> bslack_;  // current slack of best_[x], kept up to date by dual steps
    std::vector<Edge> bestto_;
    std::vector<W> besttoslack_;
    std::vector<int> touched_;
    std::vector<char> dead_;     // per root vertex: tree to dissolve
    std::vector<int> mark_;      // scratch, per blossom
    std::vector<std::pair<W, int>> stale_;  // scratch: (lower bound, vertex/blossom)

    void alloc() {
        const int n = n_;
        mate_.assign(n, -1);
        dual_.assign(2 * n, W::zero());
        inblossom_.resize(n);
        for (int v = 0; v < n; ++v) inblossom_[v] = v;
        parent_.assign(2 * n, -1);
        base_.assign(2 * n, -1);
        for (int v = 0; v < n; ++v) base_[v] = v;
        childs_.assign(2 * n, {});
        ends_.assign(2 * n, {});
        unused_.clear();
        for (int b = 2 * n - 1; b >= n; --b) unused_.push_back(b);
        alloc_stage();
    }

    void alloc_stage() {
        const int n = n_;
        label_.assign(2 * n, 0);
        lfrom_.assign(2 * n, -1);
        lto_.assign(2 * n, -1);
        best_.assign(2 * n, Edge{});
        bslack_.assign(2 * n, W::zero());
        bestlist_.assign(2 * n, {});
        haslist_.assign(2 * n, 0);
        pending_.assign(2 * n, {});
        bestto_.assign(2 * n, Edge{});
        besttoslack_.assign(2 * n, W::zero());
        tree_.assign(2 * n, -1);
        dead_.assign(n, 0);
        needbest_.assign(n, 0);
        mark_.assign(2 * n, 0);
        sepoch_.assign(n, 0);
        queue_.clear();
        touched_.clear();
        svert_.clear();
        insvert_.assign(n, 0);
    }

    W slack(int i, int j) const { return dual_[i] + dual_[j] - wt(i, j); }
    W slack(const Edge& e) const { return slack(e.a, e.b); }
    FAIRPAIR_FORCE_INLINE inline bool has_edge(int i, int j) const {
        if constexpr (kDense)
            return w2_[idx(i, j)].is_pos();
        else if constexpr (kCompact)
            return OrderStore::has_edge(i, j);
        else
            return graph_->has(i, j);
    }
    // The doubled weight of {i, j}, 0 if it is no edge (one read of a stored matrix).
    FAIRPAIR_FORCE_INLINE inline W weight_or_zero(int i, int j) const {
        if constexpr (kStored)
            return wt(i, j);
        else
            return graph_->w2_or_zero(i, j);
    }
    // Compact: the class table entry of {i, j} (lower vertex first).
    FAIRPAIR_FORCE_INLINE inline const W& table_entry(int i, int j) const {
        return i < j ? tab_[static_cast<size_t>(cls_[i]) * k_ + cls_[j]]
                     : tab_[static_cast<size_t>(cls_[j]) * k_ + cls_[i]];
    }
    // Doubled weight of the edge {i, j} (dense and compact: 0 if there is none).
    FAIRPAIR_FORCE_INLINE inline decltype(auto) wt(int i, int j) const {
        if constexpr (kDense) {
            return (w2_[idx(i, j)]);
        } else if constexpr (kCompact) {
            if (pairs_) {
                const int64_t o = ord_[idx(i, j)];
                return o == kAbsent ? W::zero() : table_entry(i, j) + W::small(o);
            }
            return has_edge(i, j) ? table_entry(i, j) + W::small(order2(i, j)) : W::zero();
        } else {
            return graph_->w2(i, j);
        }
    }
    // f(v, w) for every edge {x, v}, v increasing, until f returns false; w() gives its
    // doubled weight (an implicit graph computes it only when asked).
    template <class F>
    FAIRPAIR_FORCE_INLINE inline void each_edge(int x, F&& f) const {
        if constexpr (kDense) {
            const W* row = &w2_[idx(x, 0)];
            for (int v = 0; v < n_; ++v) {
                if (!row[v].is_pos()) continue;
                if (!f(v, [row, v]() FAIRPAIR_FORCE_INLINE -> const W& { return row[v]; })) return;
            }
        } else if constexpr (kCompact) {
            // v < x: the pair is (v, x), table[cls v][cls x] = transpose[cls x][cls v].
            const int32_t* cls = cls_.data();
            const W* below = &tabt_[static_cast<size_t>(cls[x]) * k_];
            const W* above = &tab_[static_cast<size_t>(cls[x]) * k_];
            if (!pairs_) {
                each_row_edge(x, below, above, f);
                return;
            }
            // The pair store (the reference; no pairing of the Dutch engine reaches it):
            // one loop, the table row chosen per edge (fewer inlined loops to compile).
            const int64_t* row = &ord_[idx(x, 0)];
            for (int v = 0; v < n_; ++v) {
                const int64_t o = row[v];
                if (o == kAbsent || v == x) continue;
                const W* t = v < x ? below : above;
                if (!f(v, [t, cls, v, o]() FAIRPAIR_FORCE_INLINE { return t[cls[v]] + W::small(o); }))
                    return;
            }
        } else {
            graph_->each_edge(x, f);
        }
    }

    // each_edge over the row store: the order parts computed as order2 does, with
    // what depends on x read once.
    template <class F>
    FAIRPAIR_FORCE_INLINE inline void each_row_edge(int x, const W* below, const W* above,
                                                     F& f) const {
        const int32_t* cls = cls_.data();
        // x == ex_: x's row written out, read for every edge (one vertex of the graph).
        const bool xe = x == ex_;
        const int64_t* ev = exv_.data();
        const int ex = ex_;
        const int64_t exo = ex >= 0 ? exv_[static_cast<size_t>(x)] : 0;
        const int spx = sp_[static_cast<size_t>(x)];
        const int64_t spo = spo_[static_cast<size_t>(x)];
        const int64_t kh = kthi_;
        const bool xk = x >= ktlo_ && x < kthi_;
        const int klo = ktlo_;
        const Span* spans = span_.data();
        const Span sx = spans[x];
        if (!for_bits(x, 0, x, [&](int v) FAIRPAIR_FORCE_INLINE {
                return f(v, [=]() FAIRPAIR_FORCE_INLINE {
                    int64_t o;
                    if (xe)
                        o = ev[v];
                    else if (v == ex)
                        o = exo;
                    else if (v == spx)
                        o = spo;
                    else if (xk && v >= klo)
                        o = 2 * (kh - v) * (kh - x);
                    else {
                        const Span& s = spans[v];
                        o = x >= s.lo && x < s.hi ? s.o2 : 0;
                    }
                    return below[cls[v]] + W::small(o);
                });
            }))
            return;
        for_bits(x, x + 1, n_, [&](int v) FAIRPAIR_FORCE_INLINE {
            return f(v, [=]() FAIRPAIR_FORCE_INLINE {
                int64_t o;
                if (xe)
                    o = ev[v];
                else if (v == ex)
                    o = exo;
                else if (v == spx)
                    o = spo;
                else if (xk && v < kh)
                    o = 2 * (kh - x) * (kh - v);
                else
                    o = v >= sx.lo && v < sx.hi ? sx.o2 : 0;
                return above[cls[v]] + W::small(o);
            });
        });
    }

    int top_base(int v) const {
        int b = inblossom_[v];
        return b < n_ ? b : base_[b];
    }

    // -------------------------------------------------- labels and the alternating forest

    // New S-blossom from the tight edge (v, w) between two S-vertices of one tree.
    void add_blossom(int base, int v, int w) {
        const int bb = inblossom_[base];
        int bv = inblossom_[v];
        int bw = inblossom_[w];
        const int b = unused_.back();
        unused_.pop_back();
        base_[b] = base;
        parent_[b] = -1;
        parent_[bb] = b;
        std::vector<int>& ch = childs_[b];
        std::vector<Edge>& en = ends_[b];
        ch.clear();
        en.clear();
        std::vector<int> vpath;
        while (bv != bb) {
            parent_[bv] = b;
            vpath.push_back(bv);
            bv = inblossom_[lfrom_[bv]];
        }
        ch.push_back(bb);
        for (auto it = vpath.rbegin(); it != vpath.rend(); ++it) {
            en.push_back(Edge{lfrom_[*it], lto_[*it]});
            ch.push_back(*it);
        }
        en.push_back(Edge{v, w});
        while (bw != bb) {
            parent_[bw] = b;
            ch.push_back(bw);
            en.push_back(Edge{lto_[bw], lfrom_[bw]});
            bw = inblossom_[lfrom_[bw]];
        }
        label_[b] = 1;
        lfrom_[b] = lfrom_[bb];
        lto_[b] = lto_[bb];
        tree_[b] = tree_[bb];
        dual_[b] = W::zero();
        absorb_leaves(b);
        // Least-slack edges from the new blossom to every other S-blossom.
        touched_.clear();
        auto consider = [this, b](int i, int j) {
            const int bj = inblossom_[j];
            if (bj == b || label_[bj] != 1) return;
            Edge& cur = bestto_[bj];
            const W sl = slack(i, j);
            if (cur.a == -1) {
                touched_.push_back(bj);
                cur = Edge{i, j};
                besttoslack_[bj] = sl;
            } else if (sl < besttoslack_[bj]) {
                cur = Edge{i, j};
                besttoslack_[bj] = sl;
            }
        };
        auto pass = [this, b, &consider](int i) {
            work += static_cast<long>(svert_.size());
            for (int j : svert_) {
                const int bj = inblossom_[j];
                if (bj == b || label_[bj] != 1) continue;  // before the matrix
                if (has_edge(i, j)) consider(i, j);
            }
        };
        // The leaves of child c without list entries: its pending ones, or all of them.
        auto each_unlisted = [this](int c, auto&& f) {
            if (haslist_[c])
                for (int x : pending_[c]) f(x);
            else
                for_leaves(c, f);
        };
        std::vector<int>& later = pending_[b];
        later.clear();
        Edge kept;  // least-slack best edge of the S-children whose leaves go to `later`
        W keptslack = W::zero();
        for (int c : ch) {
            if (haslist_[c])
                for (const Edge& e : bestlist_[c]) consider(e.a, e.b);
            // Compact graphs leave a child's unlisted leaves pending when something else
            // bounds their edges: a former T-child's leaves are queued, and their scans
            // keep best_[b]; an S-child's best edge is the least slack of every edge
            // recorded from it, and stays so while it leaves b and ends at an S-vertex.
            const Edge& e = best_[c];
            const bool former_t = label_[c] == 2;
            const bool bounded =
                kLazyLists && (former_t || e.a == -1 ||
                               (inblossom_[e.b] != b && is_s(e.b) && sepoch_[e.b] == e.ep));
            if (!bounded) {
                each_unlisted(c, pass);
            } else {
                each_unlisted(c, [&later](int x) { later.push_back(x); });
                if (!former_t && e.a != -1 && (kept.a == -1 || bslack_[c] < keptslack)) {
                    kept = e;
                    keptslack = bslack_[c];
                }
            }
            drop_list(c);
            best_[c] = Edge{};
        }
        std::vector<Edge>& mine = bestlist_[b];
        mine.clear();
        best_[b] = Edge{};
        W bestslack = W::zero();
        for (int bj : touched_) {
            Edge e = bestto_[bj];
            e.ep = sepoch_[e.b];
            bestto_[bj] = Edge{};
            mine.push_back(e);
            const W s = besttoslack_[bj];
            if (best_[b].a == -1 || s < bestslack) {
                best_[b] = e;
                bestslack = s;
            }
        }
        if (kept.a != -1 && (best_[b].a == -1 || keptslack < bestslack)) {
            best_[b] = kept;
            bestslack = keptslack;
        }
        bslack_[b] = bestslack;
        haslist_[b] = 1;
    }

    void release(int b) {
        label_[b] = 0;
        lfrom_[b] = lto_[b] = -1;
        childs_[b].clear();
        ends_[b].clear();
        base_[b] = -1;
        parent_[b] = -1;
        drop_list(b);
        best_[b] = Edge{};
        dual_[b] = W::zero();
        unused_.push_back(b);
    }

    // Dissolve the top-level blossom b.  Between stages (endstage) sub-blossoms with a
    // zero dual are dissolved too; in mid-stage a T-blossom's children are relabelled.
    void expand_blossom(int b, bool endstage) {
        for (int s : childs_[b]) {
            parent_[s] = -1;
            if (s >= n_) {
                label_[s] = 0;
                best_[s] = Edge{};
                drop_list(s);
            }
            if (s < n_) {
                inblossom_[s] = s;
            } else if (endstage && dual_[s].is_zero()) {
                expand_blossom(s, endstage);
            } else {
                point_leaves(s, s);
            }
        }
        if (!endstage && label_[b] == 2) {
            const std::vector<int>& ch = childs_[b];
            const std::vector<Edge>& en = ends_[b];
            const int k = static_cast<int>(ch.size());
            const int entry = inblossom_[lto_[b]];
            int i = static_cast<int>(std::find(ch.begin(), ch.end(), entry) - ch.begin());
            const int step = (i & 1) ? 1 : -1;
            int j = i;
            int from = lfrom_[b], to = lto_[b];
            while (j != 0) {
                assign_label(to, 2, from);
                const int j1 = wrap(j + step, k);
                const int j2 = wrap(j1 + step, k);
                if (step == 1) {
                    from = en[j1].a;
                    to = en[j1].b;
                } else {
                    from = en[j2].b;
                    to = en[j2].a;
                }
                j = j2;
            }
            const int bv = ch[0];
            label_[to] = label_[bv] = 2;
            lfrom_[to] = lfrom_[bv] = from;
            lto_[to] = lto_[bv] = to;
            tree_[to] = tree_[bv] = tree_[b];
            best_[bv] = Edge{};
            j = wrap(step, k);
            while (ch[j] != entry) {
                const int c = ch[j];
                if (label_[c] == 1) {
                    j = wrap(j + step, k);
                    continue;
                }
                int reached = -1;
                for_leaves(c, [this, &reached](int v) {
                    if (reached == -1 && label_[v] != 0) reached = v;
                });
                if (reached != -1) assign_label(reached, 2, lfrom_[reached]);
                j = wrap(j + step, k);
            }
        }
        release(b);
    }

    // The edge (v, w) from the S-vertex v has zero slack: grow the tree, form a blossom
    // or augment.  Returns the number of trees whose matching changed.
    int tight(int v, int w) {
        const int bv = inblossom_[v];
        const int bw = inblossom_[w];
        const int lw = label_[bw];
        if (lw == 0) {
            const int wb = bw < n_ ? bw : base_[bw];
            if (mate_[wb] == -1) {
                // An unmatched vertex with zero dual: augment into it.
                dead_[tree_[bv]] = 1;
                augment_side(v, w);
                if (bw >= n_) augment_blossom(bw, w);
                mate_[w] = v;
                return 1;
            }
            assign_label(w, 2, v);
        } else if (lw == 1) {
            const int base = scan_blossom(v, w);
            if (base >= 0) {
                add_blossom(base, v, w);
            } else {
                dead_[tree_[bv]] = 1;
                dead_[tree_[bw]] = 1;
                augment_side(v, w);
                augment_side(w, v);
                return 2;
            }
        } else if (label_[w] == 0) {
            label_[w] = 2;
            lfrom_[w] = v;
        }
        return 0;
    }

    // Scan the S-vertex v.  Returns the number of trees whose matching changed.
    int scan(int v) {
        int bv = inblossom_[v];
        const W uv = dual_[v];
        int killed = 0;
        each_edge(v, [&](int w, auto&& weight) FAIRPAIR_FORCE_INLINE {
            const int bw = inblossom_[w];
            if (bw == bv) return true;
            const int lw = label_[bw];
            if (lw == 2 && label_[w] != 0) return true;  // inside a T-blossom, already reached
            const W sl = uv + dual_[w] - weight();
            if (sl.is_zero()) {
                killed = tight(v, w);
                if (killed > 0) return false;
                bv = inblossom_[v];
            } else if (lw == 1) {
                Edge& cur = best_[bv];
                if (cur.a == -1 || sl < bslack_[bv]) {
                    cur = Edge{v, w, sepoch_[w]};
                    bslack_[bv] = sl;
                }
            } else if (label_[w] == 0) {
                Edge& cur = best_[w];
                if (cur.a == -1 || sl < bslack_[w]) {
                    cur = Edge{v, w, sepoch_[v]};
                    bslack_[w] = sl;
                }
            }
            return true;
        });
        return killed;
    }

    // Delta-1 event: S-vertices whose dual reached zero become unmatched; the root of
    // their tree takes over (one vertex per tree).
    int release_zero_duals() {
        std::vector<std::pair<int, int>> todo;  // (vertex, tree)
        for (int v = 0; v < n_; ++v) {
            if (is_s(v) && dual_[v].is_zero()) todo.push_back({v, inblossom_[v]});
        }
        int killed = 0;
        for (const auto& item : todo) {
            const int root = tree_[item.second];  // tree of the vertex's blossom
            if (dead_[root]) continue;
            dead_[root] = 1;
            ++killed;
            augment_side(item.first, -1);
        }
        return killed;
    }

    // -------------------------------------------------- warm start

    // Make the blossom whose base f is unmatched look like a vertex whose dual is d
    // larger: take d from the blossom dual, dissolving blossoms whose dual runs out.
    void raise_free(int f, W d) {
        while (d.is_pos()) {
            const int b = inblossom_[f];
            if (b == f) {
                dual_[f] = dual_[f] + d;
                return;
            }
            const W t = d < dual_[b] ? d : dual_[b];
            if (t.is_pos()) {
                for_leaves(b, [this, &t](int v) { dual_[v] = dual_[v] + t; });
                dual_[b] = dual_[b] - t;
                d = d - t;
            }
            if (d.is_pos()) expand_blossom(b, true);
        }
    }

    // Do the matching and duals of the last solve still prove optimality for the edges of
    // x (which may have changed)?  Edges of x feasible, its matched edge and the blossom
    // cycle edges at x tight, x unmatched only with a zero dual.
    bool certificate_holds_at(int x) {
        if (mate_[x] == -1 && !dual_[x].is_zero()) return false;
        // Blossoms containing x, innermost first, with the sum of z from each upwards.
        std::vector<int> chain;
        for (int b = parent_[x]; b != -1; b = parent_[b]) chain.push_back(b);
        std::vector<W> zsum(chain.size() + 1, W::zero());
        for (int k = static_cast<int>(chain.size()) - 1; k >= 0; --k)
            zsum[k] = zsum[k + 1] + dual_[chain[k]];
        for (size_t k = 0; k < chain.size(); ++k) mark_[chain[k]] = static_cast<int>(k) + 1;
        bool ok = true;
        // z of the blossoms holding both x and v, doubled.
        auto common = [&](int v) {
            int b = parent_[v];
            while (b != -1 && mark_[b] == 0) b = parent_[b];
            const W z = b == -1 ? W::zero() : zsum[mark_[b] - 1];
            return z + z;
        };
        each_edge(x, [&](int v, auto&& w) FAIRPAIR_FORCE_INLINE {
            if (v == x) return true;
            const W s = dual_[x] + dual_[v] - w() + (chain.empty() ? W::zero() : common(v));
            if (s.is_neg()) ok = false;
            if (mate_[x] == v && !s.is_zero()) ok = false;
            return ok;
        });
        if (ok && mate_[x] != -1 && !has_edge(x, mate_[x])) ok = false;  // edge removed
        for (size_t k = 0; k < chain.size() && ok; ++k) {
            for (const Edge& e : ends_[chain[k]]) {
                if (e.a != x && e.b != x) continue;
                const W z2 = zsum[k] + zsum[k];
                if (!(slack(e.a, e.b) + z2).is_zero() || !has_edge(e.a, e.b)) ok = false;
            }
        }
        for (int b : chain) mark_[b] = 0;
        return ok;
    }

    // Starting point of a fresh solve: every vertex gets the dual max_v w(x, v) (all
    // edges feasible; a vertex without edges starts satisfied at 0), then a greedy
    // matching along tight edges (below), and unmatched vertices with an odd dual are
    // raised by one (unmatched vertices with positive duals must share a parity).
    void fresh_start() {
        const int n = n_;
        if (static_cast<int>(seed_.size()) == n) {
            // A seed need not be feasible: raise each dual in turn to cover its edges
            // (later raises only add slack), so that every edge is feasible before the
            // greedy pass, as with the default start. Vertices that the greedy pass
            // matches as partners keep these duals.
            for (int x = 0; x < n; ++x) dual_[x] = seed_[x].is_neg() ? W::zero() : seed_[x];
            seed_.clear();
            // A vertex without edges is left over with a zero dual (a positive one would
            // make it a tree of its own, to be lowered by dual steps).
            for (int x = 0; x < n; ++x) {
                bool any = false;
                each_edge(x, [&](int v, auto&& w) FAIRPAIR_FORCE_INLINE {
                    if (v == x) return true;
                    any = true;
                    const W c = w() - dual_[v];
                    if (dual_[x] < c) dual_[x] = c;
                    return true;
                });
                if (!any) dual_[x] = W::zero();
            }
        } else {
            for (int x = 0; x < n; ++x) {
                W best = W::zero();
                each_edge(x, [&best](int, auto&& w) FAIRPAIR_FORCE_INLINE {
                    const W& y = w();
                    if (best < y) best = y;
                    return true;
                });
                dual_[x] = half(best);
            }
        }
        // Greedy start: each unmatched vertex in turn takes the smallest dual that keeps
        // its edges feasible, max(0, max_v w2(x, v) - dual(v)); an edge reaching that
        // maximum is then tight, and x is matched along the first such edge to an
        // unmatched vertex. Matched edges stay tight (their duals no longer change), all
        // edges stay feasible, so the result is a valid start for the primal-dual loop,
        // usually with most vertices matched.
        for (int x = 0; x < n; ++x) {
            if (mate_[x] != -1) continue;
            W need = W::zero();
            int free_at = -1;
            each_edge(x, [&](int v, auto&& w) FAIRPAIR_FORCE_INLINE {
                if (v == x) return true;
                const W c = w() - dual_[v];
                if (need < c) {
                    need = c;
                    free_at = mate_[v] == -1 ? v : -1;
                } else if (free_at == -1 && c == need && need.is_pos() && mate_[v] == -1) {
                    free_at = v;
                }
                return true;
            });
            dual_[x] = need;
            if (free_at != -1 && need.is_pos()) {
                mate_[x] = free_at;
                mate_[free_at] = x;
            }
        }
        for (int x = 0; x < n; ++x)
            if (mate_[x] == -1 && dual_[x].is_odd()) dual_[x] = dual_[x] + W::small(1);
    }

    void prepare() {
        const int n = n_;
        stages = 0;
        steps = 0;
        scans = 0;
        work = 0;
        if (fresh_) {
            alloc();
            fresh_start();
            fresh_ = false;
            for (int v : dirty_list_) dirty_[v] = 0;
            dirty_list_.clear();
            return;
        }
        // Vertices whose new weights leave the optimality certificate intact need no work.
        {
            std::vector<int> keep;
            for (int x : dirty_list_) {
                if (certificate_holds_at(x))
                    dirty_[x] = 0;
                else
                    keep.push_back(x);
            }
            dirty_list_.swap(keep);
        }
        if (dirty_list_.empty()) return;
        std::vector<int> freed;  // previously matched bases that became unmatched
        for (int x : dirty_list_) {
            const int base = top_base(x);
            if (mate_[base] != -1) {
                const int p = mate_[base];
                mate_[p] = -1;
                mate_[base] = -1;
                freed.push_back(p);
            }
            const int bx = inblossom_[x];
            if (bx >= n) {
                augment_blossom(bx, x);
                mate_[x] = -1;
                // Dissolve every blossom around x, moving its dual onto its vertices
                // (edges leaving the blossom only gain slack; it has no matched edge out).
                while (inblossom_[x] != x) {
                    const int b = inblossom_[x];
                    const W t = dual_[b];
                    if (t.is_pos()) {
                        for_leaves(b, [this, &t](int v) { dual_[v] = dual_[v] + t; });
                        dual_[b] = W::zero();
                    }
                    expand_blossom(b, true);
                }
            }
        }
        // All unmatched vertices with a positive dual must share its parity (then every
        // slack between two S-vertices is even and the dual steps stay integral).  Take
        // it from an unmatched blossom if there is one (its dual cannot simply move).
        int parity = -1;
        for (int f : freed) {
            if (mate_[f] == -1 && !dirty_[f] && inblossom_[f] != f && dual_[f].is_pos()) {
                parity = dual_[f].is_odd() ? 1 : 0;
                break;
            }
        }
        if (parity == -1) parity = 0;
        // Unmatched trivial vertices (the dirty ones and freed partners) get the smallest
        // feasible dual of that parity: less dual to remove means smaller trees.  Each is
        // final once set, and later ones respect it, so every edge stays feasible.
        std::vector<int> lower;
        for (int f : freed)
            if (mate_[f] == -1 && !dirty_[f] && inblossom_[f] == f) lower.push_back(f);
        for (int x : dirty_list_) lower.push_back(x);
        for (int x : lower) {
            W need = W::zero();
            each_edge(x, [&](int v, auto&& w) FAIRPAIR_FORCE_INLINE {
                if (v == x) return true;
                const W c = w() - dual_[v];
                if (need < c) need = c;
                return true;
            });
            if (need.is_pos() && (need.is_odd() ? 1 : 0) != parity) need = need + W::small(1);
            dual_[x] = need;
        }
        for (int f : freed) {
            if (mate_[f] != -1 || dirty_[f] || inblossom_[f] == f || !dual_[f].is_pos()) continue;
            if ((dual_[f].is_odd() ? 1 : 0) != parity) raise_free(f, W::small(1));
        }
        for (int v : dirty_list_) dirty_[v] = 0;
        dirty_list_.clear();
    }

    // -------------------------------------------------- main loop

    // Bookkeeping after the matching changed in some trees (roots marked in dead_):
    // their blossoms become unlabelled, S-blossoms with a zero dual are dissolved, and
    // best-edge data pointing into them is recomputed lazily.
    void dissolve_dead_trees() {
        const int n = n_;
        // Vertices of live T-blossoms reached from a dead S-vertex forget that edge.
        for (int v = 0; v < n; ++v) {
            const int bv = inblossom_[v];
            if (bv == v || label_[bv] != 2 || dead_[tree_[bv]] || label_[v] != 2) continue;
            const int f = lfrom_[v];
            if (dead_[tree_[inblossom_[f]]]) {
                label_[v] = 0;
                lfrom_[v] = -1;
                needbest_[v] = 1;
            }
        }
        std::vector<int> gone;
        for (int b = 0; b < 2 * n; ++b) {
            const bool top = b < n ? parent_[b] == -1 : (base_[b] >= 0 && parent_[b] == -1);
            if (top && label_[b] != 0 && dead_[tree_[b]]) gone.push_back(b);
        }
        for (int b : gone) {
            const int was = label_[b];
            forget_leaves(b);
            label_[b] = 0;
            lfrom_[b] = lto_[b] = -1;
            best_[b] = Edge{};
            drop_list(b);
            if (b >= n && was == 1 && dual_[b].is_zero()) expand_blossom(b, true);
        }
        for (int r = 0; r < n; ++r) dead_[r] = 0;
    }

    // Least-slack edge from an S-vertex (all listed in svert_) to the unlabelled vertex v.
    void recompute_vertex_best(int v) {
        Edge e;
        W bs = W::zero();
        work += static_cast<long>(svert_.size());
        for (int j : svert_) {
            if (!is_s(j)) continue;
            const W w = weight_or_zero(v, j);
            if (!w.is_pos()) continue;
            const W sl = dual_[v] + dual_[j] - w;
            if (e.a == -1 || sl < bs) {
                e = Edge{j, v, sepoch_[j]};
                bs = sl;
            }
        }
        best_[v] = e;
        bslack_[v] = bs;
        needbest_[v] = 0;
    }

    // Least-slack edge from the S-blossom b to another S-blossom (S-vertices in svert_).
    void recompute_blossom_best(int b) {
        Edge e;
        W bs = W::zero();
        for_leaves(b, [&](int i) {
            work += static_cast<long>(svert_.size());
            for (int j : svert_) {
                const int bj = inblossom_[j];
                if (bj == b || label_[bj] != 1) continue;
                const W w = weight_or_zero(i, j);
                if (!w.is_pos()) continue;
                const W sl = dual_[i] + dual_[j] - w;
                if (e.a == -1 || sl < bs) {
                    e = Edge{i, j, sepoch_[j]};
                    bs = sl;
                }
            }
        });
        best_[b] = e;
        bslack_[b] = bs;
        drop_list(b);
    }

    bool is_s(int v) const { return label_[inblossom_[v]] == 1; }

    void debug_slack([[maybe_unused]] int x) const {
#ifdef FAIRPAIR_BLOSSOM_DEBUG
        if (!(bslack_[x] == slack(best_[x]))) throw std::logic_error("blossom: stale cached slack");
#endif
    }

    void run() {
        const int n = n_;
        std::fill(label_.begin(), label_.end(), 0);
        std::fill(lfrom_.begin(), lfrom_.end(), -1);
        std::fill(lto_.begin(), lto_.end(), -1);
        std::fill(best_.begin(), best_.end(), Edge{});
        std::fill(tree_.begin(), tree_.end(), -1);
        std::fill(needbest_.begin(), needbest_.end(), 0);
        std::fill(dead_.begin(), dead_.end(), 0);
        for (int b = n; b < 2 * n; ++b) {
            drop_list(b);
        }
        queue_.clear();
        clear_svert();
        // One alternating tree per unmatched vertex with a positive dual; a tree is
        // dissolved as soon as the matching changes along it.
        int roots = 0;
        for (int v = 0; v < n; ++v) {
            if (mate_[v] == -1 && dual_[v].is_pos() && label_[inblossom_[v]] == 0) {
                assign_label(v, 1, -1);
                ++roots;
            }
        }
        while (roots > 0) {
            while (!queue_.empty() && roots > 0) {
                const int v = queue_.back();
                queue_.pop_back();
                if (!is_s(v)) continue;
                ++scans;
                const int killed = scan(v);
                if (killed > 0) {
                    ++stages;
                    roots -= killed;
                    dissolve_dead_trees();
                }
            }
            if (roots == 0) break;
            // Dual step: the largest change keeping all slacks >= 0 and duals >= 0.
            // A best edge whose S endpoint left the forest is "stale": its cached slack
            // is still a lower bound for the edges that remain (they shrink at the same
            // rate), so it is recomputed only when it could decide the step.
            int type = 1, at = -1;
            W delta = W::zero();
            stale_.clear();
            clear_svert();
            for (int v = 0; v < n; ++v) {
                if (label_[inblossom_[v]] == 1) {
                    add_svert(v);
                    if (at == -1 || dual_[v] < delta) {
                        delta = dual_[v];
                        at = v;
                    }
                }
            }
            for (int v = 0; v < n; ++v) {
                if (label_[inblossom_[v]] != 0) continue;
                if (needbest_[v]) recompute_vertex_best(v);
                const Edge& e = best_[v];
                if (e.a == -1) continue;
                if (!is_s(e.a) || sepoch_[e.a] != e.ep) {
                    stale_.push_back({bslack_[v], v});
                    continue;
                }
                debug_slack(v);
                if (bslack_[v] < delta) {
                    delta = bslack_[v];
                    type = 2;
                    at = v;
                }
            }
            for (int b = 0; b < 2 * n; ++b) {
                if (parent_[b] != -1 || base_[b] < 0) continue;
                const int lb = label_[b];
                if (lb == 1) {
                    const Edge& e = best_[b];
                    if (e.a == -1) continue;
                    const W& s2 = bslack_[b];
                    if (s2.is_odd()) throw std::logic_error("blossom: odd S-S slack");
                    if (!is_s(e.b) || inblossom_[e.b] == b || sepoch_[e.b] != e.ep) {
                        stale_.push_back({half(s2), b});
                        continue;
                    }
                    debug_slack(b);
                    const W d = half(s2);
                    if (d < delta) {
                        delta = d;
                        type = 3;
                        at = b;
                    }
                } else if (lb == 2 && b >= n && dual_[b] < delta) {
                    delta = dual_[b];
                    type = 4;
                    at = b;
                }
            }
            if (!stale_.empty()) {
                // Repair the stale records that might beat the step found, smallest first.
                auto below = std::partition(stale_.begin(), stale_.end(),
                                            [&delta](const auto& e) { return e.first < delta; });
                std::sort(stale_.begin(), below,
                          [](const auto& x, const auto& y) { return x.first < y.first; });
                for (auto it = stale_.begin(); it != below; ++it) {
                    if (!(it->first < delta)) break;
                    const int x = it->second;
                    W d;
                    if (x < n && label_[inblossom_[x]] == 0) {
                        recompute_vertex_best(x);
                        if (best_[x].a == -1) continue;
                        d = bslack_[x];
                        if (d < delta) {
                            delta = d;
                            type = 2;
                            at = x;
                        }
                    } else {
                        recompute_blossom_best(x);
                        if (best_[x].a == -1) continue;
                        d = half(bslack_[x]);
                        if (d < delta) {
                            delta = d;
                            type = 3;
                            at = x;
                        }
                    }
                }
            }
            if (at == -1) break;
            ++steps;
            // Each dual step labels, merges or expands something or ends a tree: O(n^2)
            // steps at most.  Far beyond that the state is corrupt; stop rather than hang.
            if (steps > 16L * n * n + 1024)
                throw std::runtime_error("blossom: no progress (internal error)");
            const W delta2 = delta + delta;
            for (int v = 0; v < n; ++v) {
                const int bv = inblossom_[v];
                const int lb = label_[bv];
                if (lb == 1) {
                    dual_[v] = dual_[v] - delta;
                    if (bv == v && best_[v].a != -1) bslack_[v] = bslack_[v] - delta2;
                } else if (lb == 2) {
                    dual_[v] = dual_[v] + delta;
                } else if (best_[v].a != -1) {
                    bslack_[v] = bslack_[v] - delta;
                }
            }
            for (int b = n; b < 2 * n; ++b) {
                if (base_[b] >= 0 && parent_[b] == -1) {
                    if (label_[b] == 1) {
                        dual_[b] = dual_[b] + delta;
                        if (best_[b].a != -1) bslack_[b] = bslack_[b] - delta2;
                    } else if (label_[b] == 2) {
                        dual_[b] = dual_[b] - delta;
                    }
                }
            }
            if (type == 1) {
                const int killed = release_zero_duals();
                ++stages;
                roots -= killed;
                dissolve_dead_trees();
            } else if (type == 2 || type == 3) {
                // The best edge is now tight: act on it directly instead of rescanning.
                const Edge e = best_[at];
                const int killed = tight(e.a, e.b);
                if (killed > 0) {
                    ++stages;
                    roots -= killed;
                    dissolve_dead_trees();
                }
            } else {
                expand_blossom(at, false);
            }
        }
        for (int b = n; b < 2 * n; ++b) {
            if (parent_[b] == -1 && base_[b] >= 0 && label_[b] == 1 && dual_[b].is_zero())
                expand_blossom(b, true);
        }
    }
};

template <int N, class G>
std::vector<int> Blossom<N, G>::positive_parents() const {
    const int n = n_;
    std::vector<int> out(static_cast<size_t>(2 * n), -1);
    std::vector<char> known(static_cast<size_t>(2 * n), 0);
    std::vector<int> path;
    for (int x = 0; x < 2 * n; ++x) {
        if (known[x] || (x >= n && base_[x] < 0)) continue;
        // Up to a node already known (or a top-level one), then down again.
        path.clear();
        int y = x;
        while (!known[y] && parent_[y] != -1) {
            path.push_back(y);
            y = parent_[y];
        }
        if (!known[y]) {  // top level
            known[y] = 1;
            out[y] = -1;
        }
        for (size_t q = path.size(); q-- > 0;) {
            const int c = path[q], p = parent_[c];
            out[c] = dual_[p].is_pos() ? p : out[p];
            known[c] = 1;
        }
    }
    return out;
}

template <int N, class G>
std::string Blossom<N, G>::check() const {
    const int n = n_;
    auto err = [](const std::string& s) { return s; };
    for (int v = 0; v < n; ++v) {
        const int m = mate_[v];
        if (m != -1) {
            if (m < 0 || m >= n || mate_[m] != v) return err("mate not symmetric");
            if (!has_edge(v, m)) return err("matched pair is not an edge");
        }
        if (dual_[v].is_neg()) return err("negative vertex dual");
        if (m == -1 && !dual_[v].is_zero()) return err("unmatched vertex with positive dual");
    }
    // ancestors of each vertex (bottom-up chain of blossoms)
    std::vector<std::vector<int>> chain(n);
    for (int v = 0; v < n; ++v) {
        int b = parent_[v];
        while (b != -1) {
            chain[v].push_back(b);
            b = parent_[b];
        }
    }
    for (int b = n; b < 2 * n; ++b) {
        if (base_[b] < 0) continue;
        if (dual_[b].is_neg()) return err("negative blossom dual");
        if (dual_[b].is_pos()) {
            int leaves = 0, inner = 0;
            for_leaves(b, [&](int v) {
                ++leaves;
                const int m = mate_[v];
                if (m == -1) return;
                int c = parent_[m];
                while (c != -1 && c != b) c = parent_[c];
                if (c == b) ++inner;
            });
            if (inner != leaves - 1) return err("blossom with positive dual is not full");
        }
    }
    std::string problem;
    for (int i = 0; i < n && problem.empty(); ++i) {
        each_edge(i, [&](int j, auto&&) FAIRPAIR_FORCE_INLINE {
            if (j <= i) return true;
            W s = slack(i, j);
            // common blossoms: walk i's chain, test membership in j's chain
            for (int b : chain[i]) {
                if (std::find(chain[j].begin(), chain[j].end(), b) != chain[j].end())
                    s = s + dual_[b] + dual_[b];
            }
            if (s.is_neg()) problem = err("negative slack");
            else if (mate_[i] == j && !s.is_zero()) problem = err("matched edge not tight");
            return problem.empty();
        });
    }
    return problem;
}

template <int N, class G>
void Blossom<N, G>::resize_dense(int newn) {
    const int old = n_;
    if (newn == old) return;
    std::vector<W> w2(static_cast<size_t>(newn) * static_cast<size_t>(newn), W::zero());
    const int keep = std::min(old, newn);
    for (int i = 0; i < keep; ++i)
        for (int j = 0; j < keep; ++j)
            w2[static_cast<size_t>(i) * newn + j] = w2_[idx(i, j)];
    w2_.swap(w2);
    if (newn < old || fresh_) {
        n_ = newn;
        fresh_ = true;
        dirty_.assign(newn, 0);
        dirty_list_.clear();
        alloc();
        return;
    }
    const int d = newn - old;
    auto remap = [old, d](int x) { return x >= old ? x + d : x; };
    std::vector<int> mate(newn, -1), inb(newn), parent(2 * newn, -1), base(2 * newn, -1);
    std::vector<W> dual(2 * newn, W::zero());
    std::vector<std::vector<int>> childs(2 * newn);
    std::vector<std::vector<Edge>> ends(2 * newn);
    for (int v = 0; v < newn; ++v) {
        base[v] = v;
        inb[v] = v < old ? remap(inblossom_[v]) : v;
        if (v < old) {
            mate[v] = mate_[v];
            dual[v] = dual_[v];
            parent[v] = remap(parent_[v]);
        }
    }
    for (int b = old; b < 2 * old; ++b) {
        const int nb = b + d;
        base[nb] = base_[b];
        parent[nb] = remap(parent_[b]);
        dual[nb] = dual_[b];
        childs[nb] = childs_[b];
        for (int& c : childs[nb]) c = remap(c);
        ends[nb] = ends_[b];
    }
    n_ = newn;
    mate_.swap(mate);
    inblossom_.swap(inb);
    parent_.swap(parent);
    base_.swap(base);
    dual_.swap(dual);
    childs_.swap(childs);
    ends_.swap(ends);
    unused_.clear();
    for (int b = 2 * newn - 1; b >= newn; --b)
        if (base_[b] < 0) unused_.push_back(b);
    dirty_.resize(newn, 0);
    alloc_stage();
}

}  // namespace fairpair
