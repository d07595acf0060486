// SPDX-License-Identifier: GPL-3.0-or-later
#include "CallSource.h"

namespace scope {
namespace {

class ForwardingReader final : public CallReader {
public:
    explicit ForwardingReader(const CallSource& source) : source_(source) {}

    void read(const RankRegion& row, std::uint64_t first, std::span<std::int64_t> starts,
              std::span<std::int64_t> ends) override {
        source_.read(row, first, starts, ends);
    }
    bool readLanes(const RankRegion& row, std::uint64_t first,
                   std::span<std::int64_t> lanes) override {
        return source_.readLanes(row, first, lanes);
    }

private:
    const CallSource& source_;
};

} // namespace

std::unique_ptr<CallReader> CallSource::reader() const {
    return std::make_unique<ForwardingReader>(*this);
}

} // namespace scope
