// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>
#include <QStringList>

class QComboBox;
class QCompleter;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPushButton;

// File ▸ Open Remote…: a run where it lies, on another host, read there over
// the user's own ssh (core/remote). The host (with the recent ones to pick
// from), an optional user and port, and the path on the host become an
// ssh://[user@]host[:port]/path URL, shown as it is built; what is wrong
// with it is said below it and Open waits until it is right. An optional
// command indexes runs on that host first (RemoteIndexSetting). The user,
// port and command are kept per host and come back with it.
class OpenRemoteDialog : public QDialog {
    Q_OBJECT
public:
    explicit OpenRemoteDialog(QWidget* parent = nullptr);

    // The URL of the run, in its canonical form; empty while problem() is not.
    QString url() const;
    // What is wrong with the fields, as a sentence; empty when they make a URL.
    QString problem() const;
    // Remembers the host among the recent ones, with its user, port and index command.
    void accept() override;

    // The hosts runs were opened from, most recent first (at most 10), in the
    // settings ("remote/recentHosts").
    static QStringList recentHosts();
    static void rememberHost(const QString& host);

    QComboBox* hostBox() const { return host_; }
    QLineEdit* userField() const { return user_; }
    QLineEdit* portField() const { return port_; }
    QLineEdit* pathField() const { return path_; }
    QLineEdit* indexField() const { return index_; }
    QLabel* urlLabel() const { return url_; }
    QLabel* problemLabel() const { return problem_; }
    QPushButton* openButton() const;
    // The runs opened on the host in the host field (File ▸ Open Recent's
    // ssh:// entries), as the path field writes them, newest first.
    QStringList recentPaths() const;
    QCompleter* pathCompleter() const { return pathCompleter_; }

private:
    struct Fields {
        QString user;
        QString host;
        QString port;
        QString path;
    };
    Fields fields() const;
    // problem(); `missing` tells a field still empty from a mistake.
    QString check(bool* missing) const;
    // A whole ssh:// URL pasted into the host field fills every field (true).
    bool takePastedUrl(const QString& text);
    void update();
    // The host's kept user, port and index command, each unless its field
    // holds one typed here: `filled` is what was put in the field last.
    static void refill(QLineEdit* field, QString& filled, const QString& value);
    // The host field without a "user@" typed before the host.
    QString hostName() const;
    void fillLogin();
    void fillIndexCommand();
    // The paths of the runs opened on the host, newest first, offered as the
    // path is typed.
    void offerRecentPaths();

    QComboBox* host_;
    QLineEdit* user_;
    QLineEdit* port_;
    QLineEdit* path_;
    QLineEdit* index_;
    QString userFilled_;
    QString portFilled_;
    QString indexFilled_;
    QCompleter* pathCompleter_;
    QLabel* url_;
    QLabel* problem_;
    QDialogButtonBox* buttons_;
};
