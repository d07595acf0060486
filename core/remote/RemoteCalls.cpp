// SPDX-License-Identifier: GPL-3.0-or-later
#include "RemoteCalls.h"

#include "RemoteExchange.h"
#include "RemoteQuestion.h"
#include "model/Errors.h"

namespace scope {
namespace {

// A question about one region's calls on some ranks.
RemoteQuestion about(RemoteQuestion::Kind kind, std::size_t region, const RankSelection& ranks) {
    RemoteQuestion question;
    question.kind = kind;
    question.region = static_cast<std::uint32_t>(region);
    question.ranks = ranks;
    return question;
}

} // namespace

RemoteCalls::RemoteCalls(std::shared_ptr<RemoteExchange> exchange, std::size_t regions,
                         std::uint64_t maxBytes)
    : exchange_(std::move(exchange)), regions_(regions), maxBytes_(maxBytes) {}

RegionHistogram RemoteCalls::histogram(std::size_t region, const RankSelection& ranks,
                                       std::size_t bins) const {
    const std::string url = exchange_->url().text();
    if (region >= regions_ || bins == 0 || bins > RemoteQuestion::kMostBins)
        throw ProfileError(url, "asking the host for a histogram", "no such region or bins");
    RemoteQuestion question = about(RemoteQuestion::Kind::Histogram, region, ranks);
    question.bins = static_cast<std::uint32_t>(bins);
    return question.histogramFrom(ask(question), url);
}

std::vector<RegionPercentiles> RemoteCalls::percentiles(const RankSelection& ranks) const {
    RemoteQuestion question;
    question.kind = RemoteQuestion::Kind::Percentiles;
    question.ranks = ranks;
    return question.percentilesFrom(ask(question), exchange_->url().text(), regions_);
}

CallsElsewhere::Durations RemoteCalls::durations(std::size_t region, const RankSelection& ranks,
                                                 double t0, double t1, std::size_t columns,
                                                 bool pooled) const {
    const std::string url = exchange_->url().text();
    if (region >= regions_ || columns > RemoteQuestion::kMostColumns)
        throw ProfileError(url, "asking the host for durations over time",
                           "no such region or too many columns");
    RemoteQuestion question = about(RemoteQuestion::Kind::Durations, region, ranks);
    question.t0 = t0;
    question.t1 = t1;
    question.columns = static_cast<std::uint32_t>(columns);
    question.pooled = pooled;
    return question.durationsFrom(ask(question), url);
}

CallsElsewhere::CallDurations RemoteCalls::callDurations(std::size_t region,
                                                         const RankSelection& ranks) const {
    const std::string url = exchange_->url().text();
    if (region >= regions_)
        throw ProfileError(url, "asking the host for the durations of every call",
                           "no such region");
    const RemoteQuestion question = about(RemoteQuestion::Kind::CallDurations, region, ranks);
    return question.callDurationsFrom(ask(question), url, maxBytes_);
}

std::string RemoteCalls::ask(const RemoteQuestion& question) const {
    isolate::WorkerMessage message;
    message.kind = isolate::WorkerMessage::Kind::Question;
    message.text = question.encode();
    return exchange_->ask(message, maxBytes_);
}

} // namespace scope
