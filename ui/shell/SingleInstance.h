// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QStringList>

#include <cstdint>

class QLocalServer;
class QLocalSocket;

// Makes double-clicking several profiles open them as tabs of the viewer that
// is already running instead of one window each. The first viewer of a user
// listens on a local socket; later ones hand it their files and exit.
class SingleInstance : public QObject {
    Q_OBJECT
public:
    explicit SingleInstance(QObject* parent = nullptr);
    explicit SingleInstance(const QString& serverName, QObject* parent = nullptr);
    ~SingleInstance() override;

    // Per user, so that users sharing a machine never open each other's files.
    static QString defaultServerName();

    QString serverName() const { return serverName_; }

    // The memory budget (--memory-budget, bytes) sent with the files: the
    // running viewer reads them under it. 0 (the default): under its own.
    void setMemoryBudget(std::uint64_t bytes) { memoryBudget_ = bytes; }
    // --combine-ranks, sent with the files: the running viewer opens them as
    // one run whatever their names.
    void setCombineRanks(bool combine) { combineRanks_ = combine; }

    // Sends the files (made absolute: the running viewer has its own working
    // directory) to the viewer listening on serverName(). True once that
    // viewer has acknowledged them; false when none answers in time.
    bool forwardToRunning(const QStringList& paths, bool summaryOnly, int timeoutMs = 3000) const;

    // Starts accepting files from later viewers. A socket left behind by a
    // viewer that crashed is removed; one held by a live viewer is left alone
    // and false is returned.
    bool listen();
    bool isListening() const;

signals:
    // memoryBudget: the sender's --memory-budget in bytes, 0 when it gave none;
    // combineRanks: its --combine-ranks.
    void filesRequested(const QStringList& paths, bool summaryOnly, quint64 memoryBudget,
                        bool combineRanks);

private:
    void acceptConnections();
    void readRequest(QLocalSocket* socket);

    QString serverName_;
    QLocalServer* server_ = nullptr;
    std::uint64_t memoryBudget_ = 0;
    bool combineRanks_ = false;
};
