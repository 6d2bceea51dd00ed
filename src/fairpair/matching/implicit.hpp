// The implicit graph shared by the systems whose fields can be too large for the n x n
// weight matrix (McMahon, Netrunner): a graph given by a few functions over an opaque
// context, so that the blossom algorithm over it, Blossom<N, Implicit<N>>, is compiled
// once per width (in _engine_implicit.cpp and _engine_rare.cpp) for every system
// instead of once per system and width.  No Python here.
//
// A system fills an Implicit<N> with its context and weight function (and, unless every
// pair is an edge, its edge test and neighbour rows) and calls solve_implicit.  The
// algorithm reads each weight when it needs it (O(n) memory); on the same weights it
// finds the same matching as the dense matrix engine.
#pragma once

#include <cstdint>
#include <deque>
#include <utility>
#include <vector>

#include "blossom.hpp"

namespace fairpair {

template <int N>
struct Implicit {
    // Number of vertices.
    int size = 0;
    // What the functions below receive first (the system's graph).
    const void* ctx = nullptr;
    // Doubled weight of the edge {i, j} (> 0; called for edges only).
    Wide<N> (*w2_fn)(const void* ctx, int i, int j) = nullptr;
    // Every pair of distinct vertices is an edge: has_fn and row_fn are not used.
    bool complete = false;
    // Is {i, j} an edge (i != j)?
    bool (*has_fn)(const void* ctx, int i, int j) = nullptr;
    // Append to `out` the neighbours of x, in increasing order.
    void (*row_fn)(const void* ctx, int x, std::vector<int>& out) = nullptr;
    // Optional: has(i, j) ? w2(i, j) : 0 in one call (otherwise from has_fn and w2_fn).
    Wide<N> (*w2_or_zero_fn)(const void* ctx, int i, int j) = nullptr;
    // Optional, complete graphs: out[v] = w2(x, v) for every v != x, in one call (a row
    // scan then costs one call instead of one per weight).
    void (*row_w2_fn)(const void* ctx, int x, Wide<N>* out) = nullptr;

    // The graph interface of Blossom (blossom.hpp).
    int n() const { return size; }
    bool has(int i, int j) const { return complete ? i != j : has_fn(ctx, i, j); }
    Wide<N> w2(int i, int j) const { return w2_fn(ctx, i, j); }
    Wide<N> w2_or_zero(int i, int j) const {
        if (w2_or_zero_fn != nullptr) return w2_or_zero_fn(ctx, i, j);
        return has(i, j) ? w2_fn(ctx, i, j) : Wide<N>::zero();
    }
    // f(v, w) for every neighbour v of x, increasing, until f returns false; w() the
    // doubled weight of {x, v}.
    template <class F>
    FAIRPAIR_FORCE_INLINE inline void each_edge(int x, F&& f) const {
        // One buffer per nesting level (a callback may walk another row; deques, so that
        // a deeper level's buffer never moves the ones in use).
        if (complete && row_w2_fn != nullptr) {
            if (depth_ == weights_.size()) weights_.emplace_back();
            std::vector<Wide<N>>& row = weights_[depth_++];
            row.resize(static_cast<size_t>(size));
            row_w2_fn(ctx, x, row.data());
            const Wide<N>* w = row.data();
            for (int v = 0; v < size; ++v) {
                if (v == x) continue;
                if (!f(v, [w, v]() FAIRPAIR_FORCE_INLINE -> const Wide<N>& { return w[v]; }))
                    break;
            }
            --depth_;
            return;
        }
        auto weight = [this, x](int v) FAIRPAIR_FORCE_INLINE {
            return [this, x, v]() FAIRPAIR_FORCE_INLINE { return w2_fn(ctx, x, v); };
        };
        if (complete) {
            for (int v = 0; v < size; ++v)
                if (v != x && !f(v, weight(v))) return;
            return;
        }
        if (depth_ == rows_.size()) rows_.emplace_back();
        std::vector<int>& row = rows_[depth_++];
        row.clear();
        row_fn(ctx, x, row);
        for (int v : row)
            if (!f(v, weight(v))) break;
        --depth_;
    }

  private:
    mutable std::deque<std::vector<int>> rows_;
    mutable std::deque<std::vector<Wide<N>>> weights_;
    mutable size_t depth_ = 0;
};

// mate[] of the maximum-weight matching over `graph` (-1: unmatched), by the blossom
// algorithm of the matrix engines; with `duals`, its vertex duals; `seed`: vertex duals to start from (Blossom::seed); with `outer`, the
// innermost positive blossom around each node (Blossom::positive_parents), and then
// `duals` holds the duals of every vertex and blossom (Blossom::node_duals).  Instantiated for
// N = 3 and 6 in _engine_implicit.cpp and for 16 in _engine_rare.cpp
// (with_implicit_limbs, engine.hpp); no other unit compiles it (the extern declarations
// below).
using EdgeList = std::vector<std::pair<int, int>>;
template <int N>
std::vector<int> solve_implicit(const Implicit<N>& graph,
                                std::vector<Wide<N>>* duals = nullptr,
                                std::vector<Wide<N>> seed = {},
                                std::vector<int>* outer = nullptr) {
    Blossom<N, Implicit<N>> m(graph);
    if (!seed.empty()) m.seed(std::move(seed));
    std::vector<int> mate = m.solve();
    if (duals != nullptr) *duals = outer != nullptr ? m.node_duals() : m.vertex_duals();
    if (outer != nullptr) *outer = m.positive_parents();
    return mate;
}

#define FAIRPAIR_SOLVE_IMPLICIT(N)                                                     \
    std::vector<int> solve_implicit<N>(const Implicit<N>&, std::vector<Wide<N>>*,   \
                                       std::vector<Wide<N>>, std::vector<int>*);
extern template FAIRPAIR_SOLVE_IMPLICIT(3)
extern template FAIRPAIR_SOLVE_IMPLICIT(6)
extern template FAIRPAIR_SOLVE_IMPLICIT(16)

}  // namespace fairpair
