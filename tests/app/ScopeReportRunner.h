// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Runs the built scope-report and compares its JSON with scope-profiler's;
// shared by the tst_ScopeReport* tests.
#include <QtTest>

#include <algorithm>
#include <cmath>

namespace scope::testing {

struct Run {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

inline const QString kDataDir = QStringLiteral(SCOPE_TEST_DATA_DIR);

inline Run runReport(const QStringList& arguments, const QString& workingDirectory = kDataDir) {
    QProcess process;
    process.setProgram(QStringLiteral(SCOPE_REPORT_EXE));
    process.setArguments(arguments);
    process.setWorkingDirectory(workingDirectory);
    process.start();
    Run run;
    if (!process.waitForFinished(180000) || process.exitStatus() != QProcess::NormalExit) {
        qWarning() << "scope-report did not finish:" << arguments << process.errorString();
        process.kill();
        return run;
    }
    run.exitCode = process.exitCode();
    run.out = process.readAllStandardOutput();
    run.err = process.readAllStandardError();
    return run;
}

// const, so that indexing a temporary uses the read-only operator[].
inline const QJsonObject parseJson(const QByteArray& text) {
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(text, &error);
    if (error.error != QJsonParseError::NoError)
        qWarning() << "invalid JSON:" << error.errorString() << text.left(400);
    return document.object();
}

inline QByteArray readFile(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        qWarning() << "cannot read" << path;
    return file.readAll();
}

inline bool nearlyEqual(double actual, double expected, double relative = 1e-9) {
    return std::abs(actual - expected) <=
           relative * std::max(std::abs(actual), std::abs(expected)) + 1e-15;
}

// Our own keys in files[] entries, after scope-profiler's.
inline const QStringList kExtraFileKeys = {"schema_version", "summary_only",
                                           "region_order",   "minimum_start_time_seconds",
                                           "metadata",       "damaged"};

// Compares `ours` with scope-profiler's `expected` (numbers to a relative 1e-9,
// file_path ignored) and collects every difference in `diffs`.
inline void compareJson(const QJsonValue& ours, const QJsonValue& expected, const QString& path,
                        QStringList& diffs) {
    if (expected.isObject()) {
        if (!ours.isObject()) {
            diffs << path + ": not an object";
            return;
        }
        const QJsonObject a = ours.toObject();
        const QJsonObject b = expected.toObject();
        for (auto it = b.begin(); it != b.end(); ++it) {
            if (it.key() == "file_path")
                continue;
            if (!a.contains(it.key()))
                diffs << path + ": missing key " + it.key();
            else
                compareJson(a[it.key()], it.value(), path + "/" + it.key(), diffs);
        }
        const bool fileEntry = b.contains("region_statistics");
        for (const QString& key : a.keys()) {
            if (!b.contains(key) && !(fileEntry && kExtraFileKeys.contains(key)))
                diffs << path + ": unexpected key " + key;
        }
    } else if (expected.isArray()) {
        const QJsonArray a = ours.toArray();
        const QJsonArray b = expected.toArray();
        if (!ours.isArray() || a.size() != b.size()) {
            diffs << path + ": arrays differ in size";
            return;
        }
        for (qsizetype i = 0; i < b.size(); ++i)
            compareJson(a[i], b[i], path + "[" + QString::number(i) + "]", diffs);
    } else if (expected.isDouble()) {
        if (!ours.isDouble() || !nearlyEqual(ours.toDouble(), expected.toDouble()))
            diffs << path + QStringLiteral(": %1 != %2")
                                .arg(ours.toDouble(), 0, 'g', 17)
                                .arg(expected.toDouble(), 0, 'g', 17);
    } else if (ours != expected) {
        diffs << path + ": " + ours.toVariant().toString() +
                     " != " + expected.toVariant().toString();
    }
}

inline int leadingSpaces(const QByteArray& line) {
    int n = 0;
    while (n < line.size() && line[n] == ' ')
        ++n;
    return n;
}

// The region keys of every "region_statistics" object in raw json.dumps(indent=2)
// text, in the order they are written (QJsonObject would sort them).
inline QList<QStringList> regionKeyOrders(const QByteArray& text) {
    QList<QStringList> orders;
    const QList<QByteArray> lines = text.split('\n');
    for (qsizetype i = 0; i < lines.size(); ++i) {
        if (!lines[i].trimmed().startsWith("\"region_statistics\": {"))
            continue;
        QStringList keys;
        const int indent = leadingSpaces(lines[i]);
        for (qsizetype j = i + 1; j < lines.size() && !lines[i].trimmed().endsWith("{}"); ++j) {
            const int spaces = leadingSpaces(lines[j]);
            const QByteArray trimmed = lines[j].trimmed();
            if (spaces == indent && trimmed.startsWith('}'))
                break;
            if (spaces == indent + 2 && trimmed.endsWith("\": {")) {
                const QByteArray literal = trimmed.left(trimmed.size() - 3);
                keys << QJsonDocument::fromJson("[" + literal + "]").array().at(0).toString();
            }
        }
        orders << keys;
    }
    return orders;
}

inline QStringList nonEmptyLines(const QByteArray& text) {
    QStringList lines;
    for (const QByteArray& line : text.split('\n'))
        if (!line.trimmed().isEmpty())
            lines << QString::fromUtf8(line);
    return lines;
}

} // namespace scope::testing
