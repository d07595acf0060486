// SPDX-License-Identifier: GPL-3.0-or-later
#include "JsonProfileReader.h"

#include "FileByteStream.h"
#include "GzipByteStream.h"
#include "JsonAuxiliary.h"
#include "JsonRegionRows.h"
#include "JsonTokenizer.h"
#include "JsonValue.h"
#include "MemoryByteStream.h"
#include "model/Errors.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <optional>

namespace scope {
namespace {

using Token = JsonTokenizer::Token;

constexpr std::string_view kFormatName = "scope-profiler-profile";
constexpr std::int64_t kNewestFormat = 1;
constexpr const char* kRecognising = "recognising the JSON profile";

[[noreturn]] void notProfile(const std::string& name, const std::string& why) {
    throw CorruptProfileError(name, kRecognising,
                              "not a scope-profiler JSON profile (" + why + ")");
}

// A stream that undoes the bytes it peeked: the head decides whether to gunzip.
class PeekedStream : public ByteStream {
public:
    explicit PeekedStream(ByteStream& in) : in_(in) {
        while (size_ < head_.size()) {
            const std::size_t n = in_.read(head_.data() + size_, head_.size() - size_);
            if (n == 0)
                break;
            size_ += n;
        }
    }
    std::size_t read(std::byte* out, std::size_t size) override {
        if (position_ < size_) {
            const std::size_t n = std::min(size, size_ - position_);
            std::copy_n(head_.data() + position_, n, out);
            position_ += n;
            return n;
        }
        return in_.read(out, size);
    }
    const std::string& name() const override { return in_.name(); }
    bool gzipped() const { return GzipByteStream::hasMagic(head_.data(), size_); }

private:
    ByteStream& in_;
    std::array<std::byte, 2> head_{};
    std::size_t size_ = 0;
    std::size_t position_ = 0;
};

class Document {
public:
    Document(ByteStream& in, const ReadRequest& request)
        : in_(in), request_(request), aux_(in_), rows_(in_, results_, request) {
        results_.path = in.name();
        // The document does not carry the schema of the file it came from.
        results_.schemaVersion = 3;
    }

    ProfilingResults read() {
        const Token first = in_.next();
        if (first == Token::BeginArray)
            notProfile(in_.name(), "its top level is a list, not an object");
        if (first != Token::BeginObject)
            notProfile(in_.name(), "its top level is not an object");
        for (Token t = in_.next(); t != Token::EndObject; t = in_.next()) {
            const std::string key = in_.text();
            if (std::find(keys_.begin(), keys_.end(), key) != keys_.end())
                in_.fail("the document repeats the member \"" + key + "\"");
            keys_.push_back(key);
            member(key, in_.next());
        }
        if (!formatSeen_)
            notProfile(in_.name(), "it has no \"format\": \"scope-profiler-profile\"");
        in_.next(); // nothing may follow the top-level object
        finish();
        return std::move(results_);
    }

private:
    void member(const std::string& key, Token value) {
        if (key == "format") {
            if (value != Token::String || in_.text() != kFormatName)
                notProfile(in_.name(), value == Token::String
                                           ? "its \"format\" is \"" + in_.text() + "\""
                                           : std::string("its \"format\" is not a string"));
            formatSeen_ = true;
        } else if (key == "format_version") {
            if (value != Token::Integer || in_.integer() < 0)
                in_.fail("\"format_version\" is not a non-negative integer");
            if (in_.integer() > kNewestFormat)
                throw ProfileError(in_.name(), kRecognising,
                                   "written by a newer scope-profiler (format_version " +
                                       std::to_string(in_.integer()) + "); upgrade Scope Viewer");
        } else if (key == "traceEvents") {
            notProfile(in_.name(), "it is a Chrome trace: \"traceEvents\"");
        } else if (key == "$schema") {
            notProfile(in_.name(), "it is a speedscope profile: \"$schema\"");
        } else if (key == "regions") {
            if (!formatSeen_)
                notProfile(in_.name(),
                           "\"regions\" before any \"format\": \"scope-profiler-profile\"");
            if (value != Token::BeginArray)
                in_.fail("\"regions\" is not a list");
            rows_.readAll();
        } else if (key == "time_unit") {
            if (value != Token::String || in_.text() != "nanoseconds")
                in_.fail("\"time_unit\" is not \"nanoseconds\", the only unit of format_version 1");
        } else if (key == "num_ranks") {
            if (value != Token::Integer || in_.integer() < 0 ||
                in_.integer() > std::int64_t{0xffffffff})
                in_.fail("\"num_ranks\" is not a rank count");
            numRanks_ = static_cast<std::uint32_t>(in_.integer());
        } else if (key == "event_data_available") {
            if (value != Token::True && value != Token::False)
                in_.fail("\"event_data_available\" is not true or false");
            eventData_ = value == Token::True;
        } else if (key == "metadata") {
            in_.setStep("reading the metadata");
            results_.metadata = aux_.metadata(JsonValue::read(in_, value));
        } else if (key == "threads" || key == "tasks" || key == "likwid" || key == "line_profile") {
            auxiliary(key, value);
        } else {
            in_.skip(value);
        }
        in_.setStep("reading the JSON profile");
    }

    void auxiliary(const std::string& key, Token value) {
        const bool wanted = !request_.summaryOnly || (key == "likwid" && request_.includeLikwid) ||
                            (key == "line_profile" && request_.includeLineProfile) ||
                            key == "threads" || key == "tasks";
        if (!wanted) {
            in_.skip(value);
            return;
        }
        in_.setStep("reading \"" + key + "\"");
        const JsonValue v = JsonValue::read(in_, value);
        if (key == "threads")
            aux_.threads(v, results_.threads);
        else if (key == "tasks")
            aux_.tasks(v, results_.tasks);
        else if (key == "likwid")
            aux_.likwid(v, results_.likwid);
        else
            aux_.lineProfiles(v, results_.lineProfiles);
    }

    void finish() {
        rows_.finish(eventData_);
        results_.numRanks = std::max(numRanks_, rows_.rankLimit());
        std::sort(results_.threads.begin(), results_.threads.end(),
                  [](const ThreadInfo& a, const ThreadInfo& b) {
                      return std::pair(a.rank, a.index) < std::pair(b.rank, b.index);
                  });
        std::sort(results_.tasks.begin(), results_.tasks.end(),
                  [](const TaskInfo& a, const TaskInfo& b) {
                      return std::pair(a.rank, a.index) < std::pair(b.rank, b.index);
                  });
        const bool tooMany =
            request_.rowDetailsLimit > 0 && results_.rows.size() > request_.rowDetailsLimit;
        if (!request_.rowDetails || tooMany) {
            results_.rowDetailsSkipped = request_.rowDetails && tooMany;
            results_.rowDetails.clear();
            for (RankRegion& row : results_.rows)
                row.details = RankRegion::kNoDetails;
        }
        results_.finalize();
    }

    JsonTokenizer in_;
    const ReadRequest& request_;
    ProfilingResults results_;
    JsonAuxiliary aux_;
    JsonRegionRows rows_;
    std::vector<std::string> keys_;
    bool formatSeen_ = false;
    bool eventData_ = true;
    std::uint32_t numRanks_ = 0;
};

} // namespace

bool looksLikeJson(std::span<const std::byte> head) {
    if (GzipByteStream::hasMagic(head.data(), head.size()))
        return true;
    std::size_t i = 0;
    // A UTF-8 byte order mark is not JSON, but the reader names it better than HDF5 would.
    if (head.size() >= 3 && head[0] == std::byte{0xef} && head[1] == std::byte{0xbb} &&
        head[2] == std::byte{0xbf})
        i = 3;
    for (; i < head.size(); ++i) {
        const auto c = static_cast<char>(head[i]);
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r')
            continue;
        return c == '{' || c == '[';
    }
    return false;
}

bool hasJsonProfileName(std::string_view path) {
    std::string lower(path);
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return lower.ends_with(".json") || lower.ends_with(".json.gz");
}

JsonProfileReader::JsonProfileReader(ByteStream& in, const ReadRequest& request)
    : in_(in), request_(request) {}

ProfilingResults JsonProfileReader::read() {
    PeekedStream peeked(in_);
    if (!peeked.gzipped())
        return Document(peeked, request_).read();
    GzipByteStream gunzipped(peeked);
    return Document(gunzipped, request_).read();
}

ProfilingResults readJsonProfile(const std::string& path, const ReadRequest& request) {
    FileByteStream file(path, request.control);
    ProfilingResults results = JsonProfileReader(file, request).read();
    if (request.control.progress)
        request.control.progress(1.0, "file read");
    return results;
}

ProfilingResults readJsonProfileImage(std::span<const std::byte> image, const std::string& name,
                                      const ReadRequest& request) {
    MemoryByteStream memory(image, name, request.control);
    return JsonProfileReader(memory, request).read();
}

} // namespace scope
