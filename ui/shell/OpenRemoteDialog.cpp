// SPDX-License-Identifier: GPL-3.0-or-later
#include "OpenRemoteDialog.h"

#include "RecentFiles.h"
#include "common/ColorContrast.h"
#include "common/RemoteIndexSetting.h"
#include "common/RemoteLoginSetting.h"
#include "remote/RemoteUrl.h"

#include <QComboBox>
#include <QCompleter>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QIntValidator>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalBlocker>
#include <QStringListModel>
#include <QVBoxLayout>

#include <optional>

namespace {

const char* const kRecentHostsKey = "remote/recentHosts";
constexpr int kMaxRecentHosts = 10;

// What RemoteUrl refuses in a host or user name, since ssh would read it as
// an option or as more than one word.
bool badName(const QString& name) {
    if (name.startsWith(QLatin1Char('-')))
        return true;
    for (const QChar c : name)
        if (c.isSpace() || c.unicode() < 0x20 || c == u'/' || c == u'@' || c == u'\'' ||
            c == u'"' || c == u'\\')
            return true;
    return false;
}

// "~/run.h5" and "run.h5" lie in the remote home, as ssh and scp take them.
std::string remotePath(const QString& path) {
    if (path == QLatin1String("~"))
        return {};
    if (path.startsWith(QLatin1String("~/")))
        return path.mid(2).toStdString();
    return path.toStdString();
}

// The path field's text for a URL's path: "~/" for one in the remote home.
QString fieldPath(const std::string& path) {
    const QString text = QString::fromStdString(path);
    return text.startsWith(QLatin1Char('/')) ? text : QStringLiteral("~/") + text;
}

} // namespace

OpenRemoteDialog::OpenRemoteDialog(QWidget* parent)
    : QDialog(parent), host_(new QComboBox(this)), user_(new QLineEdit(this)),
      port_(new QLineEdit(this)), path_(new QLineEdit(this)), index_(new QLineEdit(this)),
      pathCompleter_(new QCompleter(this)), url_(new QLabel(this)), problem_(new QLabel(this)),
      buttons_(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this)) {
    setWindowTitle(tr("Open Remote Run"));
    host_->setEditable(true);
    host_->setInsertPolicy(QComboBox::NoInsert);
    host_->addItems(recentHosts());
    host_->lineEdit()->setPlaceholderText(tr("cluster.example.org"));
    host_->completer()->setCaseSensitivity(Qt::CaseInsensitive);
    host_->completer()->setCompletionMode(QCompleter::PopupCompletion);
    host_->setAccessibleDescription(tr("The host the run lies on; the recent ones are listed"));
    user_->setPlaceholderText(tr("as in your ssh configuration"));
    port_->setPlaceholderText(tr("as in your ssh configuration"));
    port_->setValidator(new QIntValidator(1, 65535, port_));
    path_->setPlaceholderText(tr("/scratch/me/run.h5 or ~/run.h5"));
    // The runs opened on the host before, found by any part of their path.
    pathCompleter_->setModel(new QStringListModel(pathCompleter_));
    pathCompleter_->setFilterMode(Qt::MatchContains);
    pathCompleter_->setCompletionMode(QCompleter::PopupCompletion);
    path_->setCompleter(pathCompleter_);
    index_->setPlaceholderText(tr("optional, e.g. mpirun -n 8 scope-index"));
    index_->setAccessibleDescription(
        tr("The command that indexes a run on this host before it opens, when it has no index "
           "there yet; kept for the host"));
    url_->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    url_->setWordWrap(true);
    url_->setAccessibleName(tr("Address"));
    problem_->setWordWrap(true);
    problem_->setAccessibleName(tr("What is wrong"));
    // Placeholders say what an empty field means: as readable as any text.
    QPalette readable = palette();
    readable.setColor(QPalette::PlaceholderText,
                      ColorContrast::readable(readable.color(QPalette::PlaceholderText),
                                              readable.color(QPalette::Base)));
    setPalette(readable);

    auto* form = new QFormLayout;
    form->addRow(tr("&Host:"), host_);
    form->addRow(tr("&User:"), user_);
    form->addRow(tr("Po&rt:"), port_);
    form->addRow(tr("&Path:"), path_);
    form->addRow(tr("&Index there with:"), index_);
    form->addRow(tr("Address:"), url_);
    openButton()->setText(tr("&Open"));
    auto* note = new QLabel(tr("Read on the host with your own ssh (its configuration, keys and "
                               "agent); scope-read-worker of this version must be installed "
                               "there."),
                            this);
    note->setWordWrap(true);
    ColorContrast::setQuietText(note, palette().color(QPalette::PlaceholderText),
                                palette().color(QPalette::Window));
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(problem_);
    layout->addWidget(note);
    layout->addStretch();
    layout->addWidget(buttons_);
    setTabOrder(host_, user_);
    setTabOrder(user_, port_);
    setTabOrder(port_, path_);
    setTabOrder(path_, index_);
    setTabOrder(index_, buttons_);

    connect(buttons_, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons_, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(host_, &QComboBox::editTextChanged, this, [this](const QString& text) {
        if (!takePastedUrl(text))
            fillLogin();
        fillIndexCommand();
        offerRecentPaths();
        update();
    });
    for (QLineEdit* field : {user_, port_, path_})
        connect(field, &QLineEdit::textChanged, this, &OpenRemoteDialog::update);
    // The last host first: runs are mostly opened again from where the last one lay.
    host_->setCurrentIndex(host_->count() > 0 ? 0 : -1);
    fillLogin();
    fillIndexCommand();
    offerRecentPaths();
    update();
    setMinimumWidth(480);
    (host_->currentText().isEmpty() ? static_cast<QWidget*>(host_) : path_)->setFocus();
}

QPushButton* OpenRemoteDialog::openButton() const {
    return buttons_->button(QDialogButtonBox::Ok);
}

OpenRemoteDialog::Fields OpenRemoteDialog::fields() const {
    Fields f{user_->text().trimmed(), host_->currentText().trimmed(), port_->text().trimmed(),
             path_->text().trimmed()};
    // "user@host" in the host field, as ssh takes it, when no user is given.
    const qsizetype at = f.host.lastIndexOf(QLatin1Char('@'));
    if (f.user.isEmpty() && at > 0) {
        f.user = f.host.left(at);
        f.host = f.host.mid(at + 1);
    }
    return f;
}

QString OpenRemoteDialog::problem() const {
    bool missing = false;
    return check(&missing);
}

QString OpenRemoteDialog::check(bool* missing) const {
    const Fields f = fields();
    *missing = true;
    if (f.host.isEmpty())
        return tr("Enter the host the run lies on.");
    *missing = false;
    if (badName(f.host))
        return tr("The host \u201c%1\u201d is not a host name: it must not contain spaces, "
                  "\u201c/\u201d, \u201c@\u201d or quotes, or start with \u201c-\u201d.")
            .arg(f.host);
    if (badName(f.user))
        return tr("The user \u201c%1\u201d is not a user name: it must not contain spaces, "
                  "\u201c/\u201d, \u201c@\u201d or quotes, or start with \u201c-\u201d.")
            .arg(f.user);
    bool number = false;
    const int port = f.port.toInt(&number);
    if (!f.port.isEmpty() && (!number || port < 1 || port > 65535))
        return tr("The port must be a number from 1 to 65535, or empty for ssh's own.");
    if (f.path.isEmpty()) {
        *missing = true;
        return tr("Enter the path of the run on the host.");
    }
    if (remotePath(f.path).empty() || f.path.endsWith(QLatin1Char('/')))
        return tr("The path names a folder; enter the path of the run's file.");
    return url().isEmpty() ? tr("These fields make no ssh:// address.") : QString();
}

QString OpenRemoteDialog::url() const {
    const Fields f = fields();
    scope::RemoteUrl url;
    url.user = f.user.toStdString();
    url.host = f.host.toStdString();
    url.port = f.port.toInt();
    url.path = remotePath(f.path);
    if (url.host.empty() || url.path.empty() || badName(f.host) ||
        (!f.user.isEmpty() && badName(f.user)))
        return {};
    // The URL must read back as these fields, or the loader would open another file.
    const std::string text = url.text();
    const std::optional<scope::RemoteUrl> back = scope::RemoteUrl::parse(text);
    if (!back || back->user != url.user || back->host != url.host || back->port != url.port ||
        back->path != url.path)
        return {};
    return QString::fromStdString(text);
}

bool OpenRemoteDialog::takePastedUrl(const QString& text) {
    const std::optional<scope::RemoteUrl> url =
        scope::RemoteUrl::parse(text.trimmed().toStdString());
    if (!url)
        return false;
    const QSignalBlocker blocker(host_);
    host_->setEditText(QString::fromStdString(url->host));
    user_->setText(QString::fromStdString(url->user));
    port_->setText(url->port != 0 ? QString::number(url->port) : QString());
    path_->setText(fieldPath(url->path));
    // What the address says is what was meant: nothing kept is filled in over it.
    userFilled_.clear();
    portFilled_.clear();
    return true;
}

void OpenRemoteDialog::update() {
    bool missing = false;
    const QString wrong = check(&missing);
    const QString address = url();
    url_->setText(address.isEmpty() ? tr("—") : address);
    // Always there, so that the dialog does not jump as the fields become right.
    problem_->setText(wrong);
    // A field not yet filled in is what comes next, not a mistake: said quietly.
    const bool mistake = !wrong.isEmpty() && !missing;
    const QColor background = palette().color(QPalette::Window);
    QPalette look = problem_->palette();
    look.setColor(QPalette::WindowText,
                  ColorContrast::readable(mistake ? QColor(0xc0, 0x1c, 0x28)
                                                  : palette().color(QPalette::PlaceholderText),
                                          background));
    problem_->setPalette(look);
    openButton()->setEnabled(wrong.isEmpty());
}

void OpenRemoteDialog::refill(QLineEdit* field, QString& filled, const QString& value) {
    if (field->text() != filled)
        return;
    filled = value;
    field->setText(value);
}

QString OpenRemoteDialog::hostName() const {
    const QString text = host_->currentText().trimmed();
    return text.mid(text.lastIndexOf(QLatin1Char('@')) + 1);
}

void OpenRemoteDialog::fillLogin() {
    const RemoteLoginSetting::Login login = RemoteLoginSetting::loginFor(hostName());
    // "user@host" typed in the host field names its user already.
    const bool userInHost = host_->currentText().contains(QLatin1Char('@'));
    refill(user_, userFilled_, userInHost ? QString() : login.user);
    refill(port_, portFilled_, login.port);
}

QStringList OpenRemoteDialog::recentPaths() const {
    QStringList paths;
    const QString host = hostName();
    // File ▸ Open Recent's ssh:// entries are the runs opened on each host.
    for (const QString& recent : RecentFiles::stored()) {
        const std::optional<scope::RemoteUrl> url = scope::RemoteUrl::parse(recent.toStdString());
        if (url && QString::fromStdString(url->host) == host &&
            !paths.contains(fieldPath(url->path)))
            paths << fieldPath(url->path);
    }
    return paths;
}

void OpenRemoteDialog::offerRecentPaths() {
    static_cast<QStringListModel*>(pathCompleter_->model())->setStringList(recentPaths());
}

void OpenRemoteDialog::fillIndexCommand() {
    refill(index_, indexFilled_, RemoteIndexSetting::commandFor(hostName()));
}

void OpenRemoteDialog::accept() {
    if (!problem().isEmpty())
        return;
    const Fields f = fields();
    rememberHost(f.host);
    RemoteLoginSetting::store(f.host, {f.user, f.port});
    RemoteIndexSetting::store(f.host, index_->text());
    QDialog::accept();
}

QStringList OpenRemoteDialog::recentHosts() {
    return QSettings().value(QLatin1String(kRecentHostsKey)).toStringList();
}

void OpenRemoteDialog::rememberHost(const QString& host) {
    QStringList hosts = recentHosts();
    hosts.removeAll(host);
    hosts.prepend(host);
    while (hosts.size() > kMaxRecentHosts)
        hosts.removeLast();
    QSettings().setValue(QLatin1String(kRecentHostsKey), hosts);
}
