// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A throwaway sshd on 127.0.0.1 for the remote-read tests: its own host key,
// user key, authorized_keys and configuration in a temporary folder, and the
// ssh command line ($SCOPE_SSH_COMMAND) that logs in with that key and trusts
// that host.

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QThread>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

namespace scope::testing {

class SshServer {
public:
    static constexpr const char* kSshd = "/usr/sbin/sshd";

    static bool available() { return QFile::exists(QString::fromLatin1(kSshd)); }

    // Empty on success, else what went wrong.
    QString start() {
        if (!dir_.isValid())
            return "no temporary folder";
        for (const char* key : {"host_key", "user_key"})
            if (QProcess::execute("ssh-keygen",
                                  {"-q", "-t", "ed25519", "-N", "", "-f", path(key)}) != 0)
                return QString("ssh-keygen failed for ") + key;
        if (!QFile::copy(path("user_key.pub"), path("authorized_keys")))
            return "cannot write authorized_keys";
        port_ = freePort();
        QFile config(path("sshd_config"));
        if (!config.open(QIODevice::WriteOnly))
            return "cannot write sshd_config";
        config.write(QStringLiteral("ListenAddress 127.0.0.1\nPort %1\nHostKey %2\n"
                                    "AuthorizedKeysFile %3\nPidFile %4\nStrictModes no\n"
                                    "UsePAM no\nPermitRootLogin yes\nPasswordAuthentication no\n"
                                    "KbdInteractiveAuthentication no\nLogLevel VERBOSE\n")
                         .arg(port_)
                         .arg(path("host_key"), path("authorized_keys"), path("sshd.pid"))
                         .toUtf8());
        config.close();
        // Privilege separation wants its empty folder (made by the service
        // scripts, which a container never runs).
        if (getuid() == 0)
            QDir().mkpath("/run/sshd");
        sshd_.start(QString::fromLatin1(kSshd),
                    {"-D", "-f", path("sshd_config"), "-E", path("sshd.log")});
        if (!sshd_.waitForStarted())
            return "sshd did not start";
        for (int i = 0; i < 100; ++i) {
            if (accepts())
                return {};
            if (sshd_.state() != QProcess::Running)
                return "sshd ended: " + log();
            QThread::msleep(50);
        }
        return "sshd does not listen: " + log();
    }

    ~SshServer() {
        if (sshd_.state() == QProcess::Running) {
            sshd_.terminate();
            sshd_.waitForFinished(3000);
        }
    }

    int port() const { return port_; }
    QString path(const QString& name) const { return dir_.filePath(name); }
    QString log() const {
        QFile file(path("sshd.log"));
        return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
    }
    // What $SCOPE_SSH_COMMAND is set to: the user's ssh, told to use the
    // throwaway key and trust the throwaway host, without the user's config.
    QString sshCommand() const {
        return QStringLiteral("ssh -i %1 -o UserKnownHostsFile=/dev/null "
                              "-o StrictHostKeyChecking=no -o IdentitiesOnly=yes -o BatchMode=yes "
                              "-o LogLevel=ERROR -F /dev/null")
            .arg(path("user_key"));
    }
    QString url(const QString& file) const {
        return QStringLiteral("ssh://127.0.0.1:%1%2").arg(port_).arg(file);
    }

private:
    static int freePort() {
        const int fd = socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t size = sizeof address;
        bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address);
        getsockname(fd, reinterpret_cast<sockaddr*>(&address), &size);
        close(fd);
        return ntohs(address.sin_port);
    }

    bool accepts() const {
        const int fd = socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_port = htons(static_cast<std::uint16_t>(port_));
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        const bool ok = connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0;
        close(fd);
        return ok;
    }

    QTemporaryDir dir_;
    QProcess sshd_;
    int port_ = 0;
};

} // namespace scope::testing
