// SPDX-License-Identifier: GPL-3.0-or-later
#include "SingleInstance.h"

#include "common/RunPath.h"

#include <QDataStream>
#include <QLocalServer>
#include <QLocalSocket>

namespace {

// Guards against something else listening under the same name.
constexpr quint32 kMagic = 0x53435056; // "SCPV"
// 2 added the memory budget, 3 --combine-ranks; requests of the earlier
// versions (without them) are still read.
constexpr quint8 kVersion = 3;
constexpr char kAck = 'k';
constexpr QDataStream::Version kStreamVersion = QDataStream::Qt_6_0;

} // namespace

SingleInstance::SingleInstance(QObject* parent) : SingleInstance(defaultServerName(), parent) {}

SingleInstance::SingleInstance(const QString& serverName, QObject* parent)
    : QObject(parent), serverName_(serverName) {}

SingleInstance::~SingleInstance() = default;

QString SingleInstance::defaultServerName() {
    QString user = qEnvironmentVariable("USER");
    if (user.isEmpty())
        user = qEnvironmentVariable("LOGNAME");
    if (user.isEmpty())
        user = QStringLiteral("user");
    // The name becomes a file name in the temporary directory.
    QString safe;
    for (QChar c : user)
        safe += (c.isLetterOrNumber() || c == u'_' || c == u'-' || c == u'.') ? c : QChar(u'_');
    return QStringLiteral("scope-viewer-") + safe;
}

bool SingleInstance::forwardToRunning(const QStringList& paths, bool summaryOnly,
                                      int timeoutMs) const {
    QLocalSocket socket;
    socket.connectToServer(serverName_);
    if (!socket.waitForConnected(timeoutMs))
        return false;

    QStringList absolute;
    for (const QString& path : paths)
        absolute << RunPath::absolute(path);
    QByteArray request;
    QDataStream out(&request, QIODevice::WriteOnly);
    out.setVersion(kStreamVersion);
    out << kMagic << kVersion << summaryOnly << absolute << static_cast<quint64>(memoryBudget_)
        << combineRanks_;
    socket.write(request);
    if (!socket.waitForBytesWritten(timeoutMs))
        return false;
    // Without the acknowledgement a hung viewer would swallow the files and
    // this one would exit as if they had been opened.
    while (socket.bytesAvailable() < 1) {
        if (!socket.waitForReadyRead(timeoutMs))
            return false;
    }
    char reply = 0;
    return socket.getChar(&reply) && reply == kAck;
}

bool SingleInstance::listen() {
    if (server_ && server_->isListening())
        return true;
    if (!server_) {
        server_ = new QLocalServer(this);
        // Only this user may connect and hand us files.
        server_->setSocketOptions(QLocalServer::UserAccessOption);
        connect(server_, &QLocalServer::newConnection, this, &SingleInstance::acceptConnections);
    }
    // Asked first because listening with UserAccessOption replaces the socket
    // file, live or not, and would cut the running viewer off.
    QLocalSocket probe;
    probe.connectToServer(serverName_);
    if (probe.waitForConnected(500))
        return false;
    if (server_->listen(serverName_))
        return true;
    if (server_->serverError() != QAbstractSocket::AddressInUseError)
        return false;
    // Nobody answered: the socket file outlived a viewer that crashed.
    QLocalServer::removeServer(serverName_);
    return server_->listen(serverName_);
}

bool SingleInstance::isListening() const {
    return server_ && server_->isListening();
}

void SingleInstance::acceptConnections() {
    while (QLocalSocket* socket = server_->nextPendingConnection()) {
        connect(socket, &QLocalSocket::disconnected, socket, &QObject::deleteLater);
        connect(socket, &QLocalSocket::readyRead, this, [this, socket] { readRequest(socket); });
        if (socket->bytesAvailable() > 0)
            readRequest(socket);
    }
}

void SingleInstance::readRequest(QLocalSocket* socket) {
    QDataStream in(socket);
    in.setVersion(kStreamVersion);
    // The request may arrive in pieces: read it whole or wait for more.
    in.startTransaction();
    quint32 magic = 0;
    quint8 version = 0;
    bool summaryOnly = false;
    QStringList paths;
    quint64 memoryBudget = 0;
    bool combineRanks = false;
    in >> magic >> version >> summaryOnly >> paths;
    if (version >= 2)
        in >> memoryBudget;
    if (version >= 3)
        in >> combineRanks;
    if (!in.commitTransaction()) {
        if (magic != 0 && magic != kMagic)
            socket->abort();
        return;
    }
    if (magic != kMagic || version < 1 || version > kVersion) {
        socket->abort();
        return;
    }
    socket->putChar(kAck);
    socket->flush();
    socket->disconnectFromServer();
    emit filesRequested(paths, summaryOnly, memoryBudget, combineRanks);
}
