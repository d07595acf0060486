// SPDX-License-Identifier: GPL-3.0-or-later
// A run "on another host" for the SSH tests: a throwaway sshd on 127.0.0.1
// (SshServer.h), a synthetic schema-3 run in its folder, and our read helper
// started through it with a cache folder of the test's.
#pragma once

#include "FixtureWriter.h"
#include "SshServer.h"
#include "SyntheticRun.h"
#include "remote/RemoteUrl.h"

#include <QFile>
#include <QFileInfo>
#include <QString>

#include <string>

namespace scope::testing {

class RemoteTestHost {
public:
    // Empty on success, else what went wrong. 3 ranks × 6 regions × 3,000 calls.
    QString start() {
        if (const QString error = server_.start(); !error.isEmpty())
            return error;
        fixtures::SyntheticRun::Shape shape;
        shape.ranks = 3;
        shape.regions = 6;
        shape.calls = 3000;
        fixtures::FixtureSpec spec = fixtures::SyntheticRun::generate(shape);
        spec.schema = 3;
        path_ = server_.path("run.h5").toStdString();
        fixtures::FixtureWriter::write(spec, path_);
        url_ = *RemoteUrl::parse(server_.url(QString::fromStdString(path_)).toStdString());
        return {};
    }

    // Our ssh and our helper, which keeps its indexes in the test's cache
    // folder, not in the home folder of whoever runs the test.
    void useOurHelper() const {
        qputenv("SCOPE_SSH_COMMAND", server_.sshCommand().toUtf8());
        const QString helper =
            executable("helper.sh", "XDG_CACHE_HOME='" + server_.path("cache") +
                                        "' exec '" SCOPE_READ_WORKER_EXE "' \"$@\"\n");
        qputenv("SCOPE_REMOTE_HELPER", helper.toUtf8());
    }

    // A shell script of the test's folder; its path.
    QString executable(const QString& name, const QString& body) const {
        const QString script = server_.path(name);
        QFile file(script);
        if (!file.open(QIODevice::WriteOnly))
            qFatal("cannot write %s", qPrintable(script));
        file.write(("#!/bin/sh\n" + body).toUtf8());
        file.close();
        file.setPermissions(file.permissions() | QFileDevice::ExeOwner);
        return script;
    }

    // The test's ssh, which writes its process id to `pidFile` first.
    QString sshTellingItsPid(const QString& pidFile) const {
        return executable(QFileInfo(pidFile).completeBaseName() + "-ssh.sh",
                          "echo $$ > '" + pidFile + "'\nexec " + server_.sshCommand() +
                              " \"$@\"\n");
    }

    const SshServer& server() const { return server_; }
    const std::string& path() const { return path_; }
    const RemoteUrl& url() const { return url_; }

private:
    SshServer server_;
    std::string path_;
    RemoteUrl url_;
};

} // namespace scope::testing
