// SPDX-License-Identifier: GPL-3.0-or-later
#include "CommunicationPage.h"

#include "common/RunContext.h"

#include <QCoreApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QSplitter>
#include <QVBoxLayout>

namespace {

QString tr(const char* text) {
    return QCoreApplication::translate("CommunicationPage", text);
}

bool hasMpi(const RunData& run) {
    return run.results && scope::MpiTraffic::hasMpiRegions(*run.results);
}

} // namespace

AnalysisPage::Description CommunicationPage::describe() {
    return {QStringLiteral("communication"), tr("Communication"),
            tr("MPI calls: bytes between ranks, message sizes, time in collectives and waits"),
            Placement::Bottom,
            ChartSurface::Names{tr("Communication matrix"), tr("Commu&nication Matrix…"),
                                QStringLiteral("mpi_matrix")}};
}

CommunicationPage::CommunicationPage(QWidget* parent)
    : AnalysisPage(describe()), widget_(new QSplitter(Qt::Horizontal, parent)),
      matrix_(new MpiMatrixView), sizes_(new MpiBarChart), collectives_(new MpiBarChart),
      waits_(new MpiBarChart), note_(new QLabel),
      surface_(chartNames(), matrix_, [this]() -> QString {
          if (!context_ || !context_->run())
              return tr("no run is open");
          if (!traffic_ || traffic_->empty())
              return tr("the run has no MPI call regions");
          return {};
      }) {
    auto* splitter = static_cast<QSplitter*>(widget_);
    auto* left = new QWidget;
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 4);
    leftLayout->addWidget(matrix_, 1);
    note_->setWordWrap(true);
    note_->setContentsMargins(6, 0, 6, 0);
    leftLayout->addWidget(note_);
    auto* right = new QWidget;
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addWidget(sizes_);
    rightLayout->addWidget(collectives_);
    rightLayout->addWidget(waits_);
    // Three charts are taller than a short bottom pane: they scroll there
    // rather than making the window taller than the screen.
    auto* scroll = new QScrollArea;
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setWidget(right);
    splitter->addWidget(left);
    splitter->addWidget(scroll);
    splitter->setChildrenCollapsible(false);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    splitter->setSizes({600, 400});
    surface_.setOffered(hasMpi);
    QObject::connect(
        matrix_, &MpiMatrixView::cellActivated, widget_,
        [this](std::uint32_t rank, std::uint32_t peer, bool sent) { activate(rank, peer, sent); });
}

bool CommunicationPage::shownFor(const RunData& run) const {
    return hasMpi(run);
}

void CommunicationPage::bind(RunContext* context) {
    context_ = context;
    QObject::connect(context, &RunContext::runChanged, widget_, [this] { recompute(); });
    QObject::connect(context, &RunContext::ranksChanged, widget_, [this] { recompute(); });
    QObject::connect(context, &RunContext::labelChanged, widget_,
                     [this] { matrix_->setRunLabel(context_->label()); });
}

void CommunicationPage::recompute() {
    const auto results = context_->results();
    // Computed from the rows alone: cheap next to reading the run.
    traffic_ = results && scope::MpiTraffic::hasMpiRegions(*results)
                   ? std::make_shared<const scope::MpiTraffic>(
                         scope::MpiTraffic::compute(*results, context_->ranks()))
                   : nullptr;
    matrix_->setTraffic(traffic_);
    const QString sizesTitle = tr("Message sizes (send, isend)");
    const QString collectivesTitle = tr("Time in collectives per rank");
    const QString waitsTitle = tr("Time in waits per rank, by request");
    if (!traffic_) {
        sizes_->clear(sizesTitle);
        collectives_->clear(collectivesTitle);
        waits_->clear(waitsTitle);
        note_->clear();
        return;
    }
    const scope::MpiTraffic& t = *traffic_;
    sizes_->setSizes(t.sendSizes(), sizesTitle);
    collectives_->setPerRank(
        t.collectiveOps(), t.rankCount(),
        [&t](std::size_t rank, std::size_t op) { return t.collectiveSeconds(rank, op); },
        collectivesTitle);
    waits_->setPerRank(
        t.waitRequests(), t.rankCount(),
        [&t](std::size_t rank, std::size_t request) { return t.waitSeconds(rank, request); },
        waitsTitle);
    QStringList notes;
    if (const std::uint64_t n = t.unknownPeerOrBytesCalls(); n > 0)
        notes << (n == 1 ? tr("1 point-to-point call with an unknown peer or size is not in "
                              "the matrix.")
                         : tr("%1 point-to-point calls with an unknown peer or size are not in "
                              "the matrix.")
                               .arg(n));
    if (const std::uint64_t n = t.peerOutsideRunCalls(); n > 0)
        notes << (n == 1 ? tr("1 call names a peer the run has no rank for.")
                         : tr("%1 calls name a peer the run has no rank for.").arg(n));
    if (t.matrixOmitted())
        notes << tr("No matrix for %1 ranks (more than %2).")
                     .arg(t.rankCount())
                     .arg(scope::MpiTraffic::kMaxMatrixRanks);
    if (t.comms().size() > 1)
        notes << tr("The matrix sums %1 communicators; peers are ranks of each.")
                     .arg(t.comms().size());
    note_->setText(notes.join(QLatin1Char(' ')));
    note_->setVisible(!notes.isEmpty());
}

void CommunicationPage::activate(std::uint32_t rank, std::uint32_t peer, bool sent) {
    if (!traffic_ || !context_)
        return;
    // A cell of the received matrix is the peer's send to this rank, where
    // the peer recorded one; else this rank's receive.
    std::optional<std::size_t> region =
        traffic_->regionOf(sent ? rank : peer, sent ? peer : rank, true);
    std::uint32_t who = sent ? rank : peer;
    if (!region && !sent) {
        region = traffic_->regionOf(rank, peer, false);
        who = rank;
    }
    if (!region)
        return;
    context_->activateRegion(static_cast<int>(*region));
    context_->activateRank(who);
}
