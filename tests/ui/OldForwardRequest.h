// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDataStream>
#include <QLocalSocket>
#include <QString>
#include <QStringList>

#include <memory>

// What a viewer of an earlier version sends the running one (not summary-only,
// no budget given), written by hand as that version wrote it: version 1
// without the budget, 2 with it. The socket is returned so that it stays open
// while the receiver reads; nullptr when nothing listens on `server`.
inline std::unique_ptr<QLocalSocket> sendOldForwardRequest(const QString& server, quint8 version,
                                                           const QStringList& paths) {
    auto socket = std::make_unique<QLocalSocket>();
    socket->connectToServer(server);
    if (!socket->waitForConnected(3000))
        return nullptr;
    QByteArray request;
    QDataStream out(&request, QIODevice::WriteOnly);
    out.setVersion(QDataStream::Qt_6_0);
    out << quint32(0x53435056) << version << false << paths;
    if (version >= 2)
        out << quint64(0);
    socket->write(request);
    return socket;
}
