// SPDX-License-Identifier: GPL-3.0-or-later
#include "LoadFailure.h"

#include "model/Errors.h"

#include <QFileInfo>
#include <QObject>

#include <new>
#include <optional>

namespace {

// A folder, pipe or unreadable file fails before a byte is read: nothing
// about the file is corrupt, so the banner must not say so.
std::optional<LoadFailure> unopenable(const scope::ProfileError& error) {
    const QString path = QString::fromStdString(error.path());
    const QFileInfo info(path);
    if (!info.exists())
        return std::nullopt;
    const QString title = QObject::tr("Cannot open");
    if (info.isDir())
        return LoadFailure{LoadFailure::Kind::Corrupt, title,
                           QObject::tr("%1 is a folder, not a profile").arg(path)};
    if (!info.isFile() || !info.isReadable())
        return LoadFailure{LoadFailure::Kind::Corrupt, title, QString::fromStdString(error.what())};
    return std::nullopt;
}

} // namespace

LoadFailure LoadFailure::describe(const std::exception_ptr& error) {
    const auto what = [](const std::exception& e) { return QString::fromStdString(e.what()); };
    try {
        std::rethrow_exception(error);
    } catch (const scope::FileNotFoundError& e) {
        return {Kind::FileNotFound, QObject::tr("File not found"), what(e)};
    } catch (const scope::RemoteReadError& e) {
        // The run may be fine: the connection or the helper on the host is not.
        return {Kind::Other, QObject::tr("Cannot read over SSH"), what(e)};
    } catch (const scope::MissingFilterError& e) {
        return {Kind::MissingFilter, QObject::tr("Compression filter not available"), what(e)};
    } catch (const scope::SummaryDataUnavailable& e) {
        return {Kind::SummaryUnavailable, QObject::tr("No summary data"), what(e)};
    } catch (const scope::InvalidSchemaError& e) {
        return {Kind::InvalidSchema, QObject::tr("Invalid schema"), what(e)};
    } catch (const scope::DuplicateRankError& e) {
        return {Kind::Corrupt, QObject::tr("Rank in two files"), what(e)};
    } catch (const scope::CorruptProfileError& e) {
        if (auto failure = unopenable(e))
            return *failure;
        return {Kind::Corrupt, QObject::tr("Corrupt file"), what(e)};
    } catch (const std::bad_alloc&) {
        return {Kind::OutOfMemory, QObject::tr("Out of memory"),
                QObject::tr("not enough memory to read the file; try Open Summary Only")};
    } catch (const std::exception& e) {
        return {Kind::Other, QObject::tr("Cannot read file"), what(e)};
    } catch (...) {
        return {Kind::Other, QObject::tr("Cannot read file"), QObject::tr("unknown error")};
    }
}
