// SPDX-License-Identifier: GPL-3.0-or-later
#include "ErrorReport.h"

#include "model/Errors.h"

#include <exception>
#include <string>

namespace scope::worker {
namespace {

using isolate::WorkerMessage;

WorkerMessage errorMessage(WorkerMessage::ErrorType type, const ProfileError& error) {
    WorkerMessage message;
    message.kind = WorkerMessage::Kind::Error;
    message.errorType = type;
    message.path = error.path();
    message.step = error.step();
    // what() is "path: step: message"; the parent rebuilds it from the parts.
    const std::string prefix = error.path() + ": " + error.step() + ": ";
    const std::string what = error.what();
    message.text = what.starts_with(prefix) ? what.substr(prefix.size()) : what;
    return message;
}

} // namespace

WorkerMessage currentError() {
    using Type = WorkerMessage::ErrorType;
    try {
        throw;
    } catch (const FileNotFoundError& error) {
        return errorMessage(Type::FileNotFound, error);
    } catch (const InvalidSchemaError& error) {
        return errorMessage(Type::InvalidSchema, error);
    } catch (const CorruptProfileError& error) {
        return errorMessage(Type::Corrupt, error);
    } catch (const MissingFilterError& error) {
        return errorMessage(Type::MissingFilter, error);
    } catch (const SummaryDataUnavailable& error) {
        return errorMessage(Type::SummaryUnavailable, error);
    } catch (const ProfileError& error) {
        return errorMessage(Type::Profile, error);
    } catch (const std::exception& error) {
        WorkerMessage message;
        message.kind = WorkerMessage::Kind::Error;
        message.errorType = Type::Other;
        message.text = error.what();
        return message;
    }
}

} // namespace scope::worker
