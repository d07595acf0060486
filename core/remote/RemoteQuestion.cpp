// SPDX-License-Identifier: GPL-3.0-or-later
#include "RemoteQuestion.h"

#include "DurationsCodec.h"
#include "RemotePayload.h"

#include "analysis/DurationHistogram.h"
#include "analysis/DurationSeries.h"
#include "analysis/KeptHistograms.h"
#include "analysis/Percentiles.h"
#include "analysis/RegionCalls.h"
#include "isolate/ByteReader.h"
#include "isolate/ByteWriter.h"
#include "isolate/KeptCodec.h"
#include "model/Errors.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace scope {
namespace {

using isolate::ByteReader;
using isolate::ByteWriter;
using isolate::KeptCodec;

constexpr const char* kQuestionStep = "reading a question about the calls";
constexpr const char* kAnswerStep = "receiving an answer about the calls from the host";

void write(ByteWriter& out, const RemoteQuestion& question) {
    out.u8(static_cast<std::uint8_t>(question.kind));
    out.u32(question.region);
    out.u32(question.bins);
    out.flag(question.ranks.isAll());
    if (!question.ranks.isAll()) {
        out.u64(question.ranks.ranks().size());
        for (const std::uint32_t rank : question.ranks.ranks())
            out.u32(rank);
    }
    if (question.kind == RemoteQuestion::Kind::Durations) {
        out.f64(question.t0);
        out.f64(question.t1);
        out.u32(question.columns);
        out.flag(question.pooled);
    }
}

// The window of a Durations question.
void readWindow(ByteReader& in, RemoteQuestion& question) {
    question.t0 = in.f64();
    question.t1 = in.f64();
    question.columns = in.u32();
    question.pooled = in.flag();
    if (question.columns > RemoteQuestion::kMostColumns ||
        (question.columns > 0 &&
         !(std::isfinite(question.t0) && std::isfinite(question.t1) && question.t0 <= question.t1)))
        in.fail("durations over time of a window out of range");
}

RemoteQuestion read(ByteReader& in, std::size_t regions) {
    RemoteQuestion question;
    const std::uint8_t kind = in.u8();
    if (kind != static_cast<std::uint8_t>(RemoteQuestion::Kind::Histogram) &&
        kind != static_cast<std::uint8_t>(RemoteQuestion::Kind::Percentiles) &&
        kind != static_cast<std::uint8_t>(RemoteQuestion::Kind::Durations) &&
        kind != static_cast<std::uint8_t>(RemoteQuestion::Kind::CallDurations))
        in.fail("an unknown question");
    question.kind = static_cast<RemoteQuestion::Kind>(kind);
    question.region = in.u32();
    question.bins = in.u32();
    if (question.kind == RemoteQuestion::Kind::Histogram &&
        (question.region >= regions || question.bins == 0 ||
         question.bins > RemoteQuestion::kMostBins))
        in.fail("a histogram of a region not there, or with bins out of range");
    if (question.kind == RemoteQuestion::Kind::Durations && question.region >= regions)
        in.fail("durations over time of a region not there");
    if (question.kind == RemoteQuestion::Kind::CallDurations && question.region >= regions)
        in.fail("the calls of a region not there");
    if (!in.flag()) {
        std::vector<std::uint32_t> ranks(in.count(4));
        for (std::size_t i = 0; i < ranks.size(); ++i) {
            ranks[i] = in.u32();
            if (i > 0 && ranks[i] <= ranks[i - 1])
                in.fail("ranks out of order");
        }
        question.ranks = RankSelection(std::move(ranks));
    }
    if (question.kind == RemoteQuestion::Kind::Durations)
        readWindow(in, question);
    return question;
}

// The answer's reader, past the question it answers; damage as RemoteReadError.
template <class Read>
auto readAnswer(std::string_view bytes, const RemoteQuestion& question, const std::string& url,
                std::size_t regions, Read&& body) {
    try {
        ByteReader in(bytes, url, kAnswerStep);
        const RemoteQuestion answered = read(in, regions);
        if (answered.kind != question.kind || answered.region != question.region ||
            answered.bins != question.bins || answered.ranks.isAll() != question.ranks.isAll() ||
            (!question.ranks.isAll() && answered.ranks.ranks() != question.ranks.ranks()) ||
            answered.t0 != question.t0 || answered.t1 != question.t1 ||
            answered.columns != question.columns || answered.pooled != question.pooled)
            in.fail("an answer to another question");
        auto value = body(in);
        if (!in.atEnd())
            in.fail("bytes after the answer");
        return value;
    } catch (const CorruptProfileError& error) {
        RemotePayload::damaged(error, url, kAnswerStep);
    }
}

// The durations' bytes plane by plane (every value's lowest byte, then every
// second byte, ...), as HDF5's shuffle filter does: the high bytes of
// durations alike are runs zstd packs to almost nothing (a quarter fewer
// bytes over the network than the values as they are).
std::string bytePlanes(std::span<const std::int64_t> values) {
    constexpr std::size_t kWidth = sizeof(std::int64_t);
    const std::size_t n = values.size();
    std::string planes(n * kWidth, '\0');
    const auto* bytes = reinterpret_cast<const unsigned char*>(values.data());
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t b = 0; b < kWidth; ++b)
            planes[b * n + i] = static_cast<char>(bytes[i * kWidth + b]);
    return planes;
}

void fromBytePlanes(std::string_view planes, std::span<std::int64_t> values) {
    constexpr std::size_t kWidth = sizeof(std::int64_t);
    const std::size_t n = values.size();
    auto* bytes = reinterpret_cast<unsigned char*>(values.data());
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t b = 0; b < kWidth; ++b)
            bytes[i * kWidth + b] = static_cast<unsigned char>(planes[b * n + i]);
}

// Every duration of the region's calls on the ranks, rank by rank: the
// ranks and their counts, then the durations packed in byte planes.
void writeCallDurations(ByteWriter& out, const ProfilingResults& results, std::size_t region,
                        const RankSelection& ranks) {
    const CallsElsewhere::CallDurations calls =
        RegionCalls(results, region, ranks, "the durations of every call").durationsByRank();
    out.u64(calls.ranks.size());
    for (std::size_t i = 0; i < calls.ranks.size(); ++i) {
        out.u32(calls.ranks[i]);
        out.u64(calls.counts[i]);
    }
    out.text(RemotePayload::pack(bytePlanes(calls.durationsNs)));
}

} // namespace

std::string RemoteQuestion::encode() const {
    ByteWriter out;
    write(out, *this);
    return out.take();
}

RemoteQuestion RemoteQuestion::decode(std::string_view bytes, const std::string& source,
                                      std::size_t regions) {
    ByteReader in(bytes, source, kQuestionStep);
    RemoteQuestion question = read(in, regions);
    if (!in.atEnd())
        in.fail("bytes after the question");
    return question;
}

std::string RemoteQuestion::answer(const ProfilingResults& results, std::uint64_t byteLimit) const {
    if (kind == Kind::Durations)
        return answer(
            DurationSeries::of(results, region, ranks, DurationSeries::kMedianWindow, byteLimit));
    ByteWriter out;
    write(out, *this);
    if (kind == Kind::CallDurations) {
        writeCallDurations(out, results, region, ranks);
        return out.take();
    }
    if (kind == Kind::Histogram) {
        KeptCodec::writeHistogram(out, KeptHistograms::keptOf(DurationHistogram::detailed(
                                           results, region, ranks, bins, byteLimit)));
        return out.take();
    }
    out.u64(results.regions.size());
    for (std::size_t r = 0; r < results.regions.size(); ++r) {
        const Percentiles p = Percentiles::of(results, r, ranks, byteLimit);
        KeptCodec::writePercentiles(out, {p.p50, p.p90, p.p95, p.p99});
    }
    return out.take();
}

std::string RemoteQuestion::answer(const DurationSeries& series) const {
    ByteWriter out;
    write(out, *this);
    DurationsCodec::writeOutline(out, series.outline());
    if (columns > 0)
        DurationsCodec::writeReduction(out, series.reduce(t0, t1, columns, pooled));
    return out.take();
}

RegionHistogram RemoteQuestion::histogramFrom(std::string_view answer,
                                              const std::string& url) const {
    return readAnswer(answer, *this, url, region + std::size_t{1}, [&](ByteReader& in) {
        RegionHistogram histogram = KeptCodec::readHistogram(in);
        if (!histogram.counts.empty() && histogram.counts.size() != bins)
            in.fail("a histogram with other bins");
        return histogram;
    });
}

std::vector<RegionPercentiles> RemoteQuestion::percentilesFrom(std::string_view answer,
                                                               const std::string& url,
                                                               std::size_t regions) const {
    return readAnswer(answer, *this, url, regions, [&](ByteReader& in) {
        if (in.count(4 * sizeof(double)) != regions)
            in.fail("percentiles of other regions");
        std::vector<RegionPercentiles> percentiles(regions);
        for (RegionPercentiles& p : percentiles)
            p = KeptCodec::readPercentiles(in);
        return percentiles;
    });
}

CallsElsewhere::Durations RemoteQuestion::durationsFrom(std::string_view answer,
                                                        const std::string& url) const {
    return readAnswer(answer, *this, url, region + std::size_t{1}, [&](ByteReader& in) {
        CallsElsewhere::Durations durations;
        durations.outline = DurationsCodec::readOutline(in);
        if (columns == 0)
            return durations;
        DurationReduction expected;
        expected.t0 = t0;
        expected.t1 = t1;
        expected.columns = columns;
        const std::size_t ranks = durations.outline.ranks.size();
        expected.series = pooled ? std::min<std::size_t>(1, ranks) : ranks;
        durations.reduction = DurationsCodec::readReduction(in, expected);
        return durations;
    });
}

CallsElsewhere::CallDurations RemoteQuestion::callDurationsFrom(std::string_view answer,
                                                                const std::string& url,
                                                                std::uint64_t maxBytes) const {
    return readAnswer(answer, *this, url, region + std::size_t{1}, [&](ByteReader& in) {
        CallsElsewhere::CallDurations calls;
        const std::size_t slices = in.count(sizeof(std::uint32_t) + sizeof(std::uint64_t));
        std::uint64_t total = 0;
        for (std::size_t i = 0; i < slices; ++i) {
            const std::uint32_t rank = in.u32();
            const std::uint64_t count = in.u64();
            if ((!calls.ranks.empty() && rank <= calls.ranks.back()) || !ranks.contains(rank) ||
                count == 0)
                in.fail("calls of ranks out of order or not asked for");
            if (__builtin_add_overflow(total, count, &total) ||
                total > std::numeric_limits<std::uint64_t>::max() / sizeof(std::int64_t))
                in.fail("more calls than can be");
            calls.ranks.push_back(rank);
            calls.counts.push_back(count);
        }
        const std::uint64_t bytes = total * sizeof(std::int64_t);
        if (maxBytes > 0 && bytes > maxBytes)
            throw RemoteReadError(url, kAnswerStep,
                                  "the durations of " + std::to_string(total) +
                                      " calls exceed the memory budget here");
        const std::string raw = RemotePayload::unpackExactly(in.text(), url, bytes);
        calls.durationsNs.resize(total);
        fromBytePlanes(raw, calls.durationsNs);
        return calls;
    });
}

} // namespace scope
