// EngineN: the Engine of N limbs over Blossom<N, G>.  Included only by the engine units
// (_engine_narrow.cpp, _engine_wide.cpp, _engine_rare.cpp), which instantiate
// new_engine<N, G> for their widths; see engine.hpp.
#pragma once

#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "engine.hpp"

namespace fairpair {

// Members no pairing calls, compiled once, at -O1, in _engine_rare.cpp (RARE_UNITS in
// setup.py) instead of at -O2 in every engine unit: the certificate check (tests and
// debugging) and the dense graph's resize (the Matcher API's).
// Issue 33: some 15 % of the narrow unit's code.
#define FAIRPAIR_RARE_DENSE(X, N)                         \
    X template std::string Blossom<N, void>::check() const; \
    X template void Blossom<N, void>::resize_dense(int);
#define FAIRPAIR_RARE_COMPACT(X, N)                                                   \
    X template std::string Blossom<N, ClassOrder>::check() const;
#define FAIRPAIR_EXTERN_RARE(N, G) FAIRPAIR_RARE_##G(extern, N)
FAIRPAIR_ENGINE_WIDTHS(FAIRPAIR_EXTERN_RARE, DENSE)
FAIRPAIR_COMPACT_WIDTHS(FAIRPAIR_EXTERN_RARE, COMPACT)
#undef FAIRPAIR_EXTERN_RARE

template <int N, class G = void>
struct EngineN final : Engine {
    static constexpr bool kCompact = std::is_same_v<G, ClassOrder>;
    Blossom<N, G> m;
    explicit EngineN(int n) : m(n) {}
    int limbs() const override { return N; }
    int size() const override { return m.size(); }
    bool set_w2(int u, int v, const Buf& w2) override {
        Wide<N> x;
        for (int i = 0; i < N; ++i) x.l[i] = w2.l[i];
        return m.set_w2(u, v, x);
    }
    void set_row_w2(int u, int lo, int hi, const uint64_t* words) override {
        for (int x = lo; x < hi; ++x, words += N) {
            if (x == u) continue;
            Wide<N> w;
            std::memcpy(w.l, words, sizeof w.l);
            if (!m.set_w2(u, x, w)) throw std::logic_error("set_row_w2: weight does not fit");
        }
    }
    void set_classes(const std::vector<int>& cls, int k, const std::vector<Buf>& table) override {
        if constexpr (kCompact) {
            std::vector<Wide<N>> t(table.size());
            for (size_t q = 0; q < table.size(); ++q)
                for (int i = 0; i < N; ++i) t[q].l[i] = table[q].l[i];
            m.set_classes(cls, k, std::move(t));
        } else {
            (void)cls, (void)k, (void)table;
            throw std::logic_error("set_classes: not a compact engine");
        }
    }
    bool compact() const override { return kCompact; }
    bool fill_edges(const std::vector<int>& tags,
                    const std::vector<std::vector<int>>& block) override {
        if constexpr (kCompact) {
            m.fill_edges(tags, block);
            return true;
        } else {
            (void)tags, (void)block;
            return false;
        }
    }
    bool put_order2(int u, const std::vector<int>& xs, const std::vector<int64_t>& o) override {
        if constexpr (kCompact) {
            if (o.size() == xs.size()) {
                m.put_row2(u, xs, o);
            } else {
                for (int x : xs)
                    if (m.has_order(u, x)) m.set_order2(u, x, o[0]);
            }
            return true;
        } else {
            (void)u, (void)xs, (void)o;
            return false;
        }
    }
    bool keep_top(int lo, int hi, const std::vector<bool>& top) override {
        if constexpr (kCompact) {
            m.keep_top(lo, hi, top);
            return true;
        } else {
            (void)lo, (void)hi, (void)top;
            return false;
        }
    }
    bool put_range2(int u, int lo, int hi, int64_t o2) override {
        if constexpr (kCompact) {
            m.put_range2(u, lo, hi, o2);
            return true;
        } else {
            (void)u, (void)lo, (void)hi, (void)o2;
            return false;
        }
    }
    void use_pair_store() override {
        if constexpr (kCompact) m.use_pairs();
    }
    bool pair_store() const override {
        if constexpr (kCompact)
            return m.pair_store();
        else
            return false;
    }
    void remove_edges(int u, const std::vector<int>& xs) override {
        for (int x : xs) m.set_w2(u, x, Wide<N>::zero());
    }
    void remove_range(int u, int lo, int hi) override {
        if constexpr (kCompact) {
            m.remove_row(u, lo, hi);
        } else {
            std::vector<int> xs;
            row(u, lo, hi, xs);
            remove_edges(u, xs);
        }
    }
    Buf get_w2(int u, int v) const override { return widen_buf<N>(m.w2(u, v)); }
    bool has(int u, int v) const override {
        if constexpr (kCompact)
            return m.has_order(u, v);
        else
            return m.w2(u, v).is_pos();
    }
    void row(int u, int lo, int hi, std::vector<int>& out) const override {
        if constexpr (kCompact) {
            m.row_edges(u, lo, hi, out);
        } else {
            for (int x = lo; x < hi; ++x)
                if (x != u && m.w2(u, x).is_pos()) out.push_back(x);
        }
    }
    void mark_dirty(int v) override { m.mark_dirty(v); }
    void mark_fresh() override { m.mark_fresh(); }
    void resize(int n) override { m.resize(n); }
    std::vector<int> solve() override { return m.solve(); }
    std::string check() const override { return m.check(); }
    std::vector<Buf> vertex_duals() const override {
        std::vector<Buf> out;
        for (const Wide<N>& y : m.vertex_duals()) out.push_back(widen_buf<N>(y));
        return out;
    }
    std::vector<int> positive_parents() const override { return m.positive_parents(); }
    std::vector<Buf> node_duals() const override {
        std::vector<Buf> out;
        for (const Wide<N>& y : m.node_duals()) out.push_back(widen_buf<N>(y));
        return out;
    }
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

template <int N, class G>
std::unique_ptr<Engine> new_engine(int n) {
    return std::make_unique<EngineN<N, G>>(n);
}

}  // namespace fairpair

// Explicit instantiation definitions of new_engine<N, G> (in an engine unit).
#define FAIRPAIR_INSTANTIATE_ENGINE(N, G) \
    template std::unique_ptr<fairpair::Engine> fairpair::new_engine<N, G>(int);
