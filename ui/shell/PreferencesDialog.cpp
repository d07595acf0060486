// SPDX-License-Identifier: GPL-3.0-or-later
#include "PreferencesDialog.h"

#include "common/ColorContrast.h"
#include "common/MemoryBudgetSetting.h"
#include "index/IndexCache.h"
#include "load/LoadController.h"

#include <QButtonGroup>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QRadioButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace {

constexpr std::uint64_t kMiB = std::uint64_t{1} << 20;
constexpr std::uint64_t kGiB = std::uint64_t{1} << 30;
// 1 TiB in MiB: far beyond any workstation, within an int.
constexpr int kLargest = 1 << 20;
// 4 TiB of indexes: more than any cache folder should hold.
constexpr int kLargestIndexCacheGiB = 4096;

std::uint64_t unitBytes(int unit) {
    return unit == PreferencesDialog::GiB ? kGiB : kMiB;
}

} // namespace

PreferencesDialog::PreferencesDialog(std::uint64_t sessionOverride, QWidget* parent)
    : QDialog(parent), default_(new QRadioButton(this)), custom_(new QRadioButton(this)),
      size_(new QSpinBox(this)), unit_(new QComboBox(this)), session_(new QLabel(this)),
      indexCache_(new QSpinBox(this)) {
    setWindowTitle(tr("Preferences"));
    auto* group = new QGroupBox(tr("Memory budget"), this);
    default_->setText(tr("&Default (half of this machine's memory: %1)")
                          .arg(MemoryBudgetSetting::format(MemoryBudgetSetting::defaultBytes())));
    custom_->setText(tr("&Custom budget"));
    auto* buttons = new QButtonGroup(this);
    buttons->addButton(default_);
    buttons->addButton(custom_);
    size_->setRange(1, kLargest);
    size_->setAccelerated(true);
    unit_->addItem(tr("MiB"), MiB);
    unit_->addItem(tr("GiB"), GiB);
    unit_->setAccessibleName(tr("Unit of the budget"));
    auto* sizeLabel = new QLabel(tr("&Size:"), this);
    sizeLabel->setBuddy(size_);
    auto* sizeRow = new QHBoxLayout;
    // Indented under the choice it belongs to.
    sizeRow->addSpacing(24);
    sizeRow->addWidget(sizeLabel);
    sizeRow->addWidget(size_, 1);
    sizeRow->addWidget(unit_);
    auto* explanation =
        new QLabel(tr("A run whose calls do not fit is read on demand: its statistics and "
                      "timeline stay exact, but the call tree, flame graph and trace exports "
                      "need every call in memory. Applies to runs opened or reloaded from now "
                      "on."),
                   this);
    explanation->setWordWrap(true);
    ColorContrast::setQuietText(explanation, palette().color(QPalette::PlaceholderText),
                                palette().color(QPalette::Window));
    session_->setWordWrap(true);
    session_->setText(
        tr("This session uses %1, given with --memory-budget; the preference applies from the "
           "next start.")
            .arg(MemoryBudgetSetting::format(sessionOverride)));
    session_->setVisible(sessionOverride != 0);
    auto* groupLayout = new QVBoxLayout(group);
    groupLayout->addWidget(default_);
    groupLayout->addWidget(custom_);
    groupLayout->addLayout(sizeRow);
    groupLayout->addWidget(explanation);
    groupLayout->addWidget(session_);

    auto* indexGroup = new QGroupBox(tr("Index cache"), this);
    indexCache_->setRange(1, kLargestIndexCacheGiB);
    indexCache_->setSuffix(tr(" GiB"));
    const std::uint64_t limit = LoadController::indexCacheLimit();
    const std::uint64_t limitGiB =
        limit == 0 ? scope::IndexCache::kDefaultLimitBytes / kGiB : (limit + kGiB / 2) / kGiB;
    indexCache_->setValue(static_cast<int>(
        std::clamp<std::uint64_t>(limitGiB, 1, static_cast<std::uint64_t>(kLargestIndexCacheGiB))));
    auto* indexLabel = new QLabel(tr("Index cache &limit:"), this);
    indexLabel->setBuddy(indexCache_);
    auto* indexRow = new QHBoxLayout;
    indexRow->addWidget(indexLabel);
    indexRow->addWidget(indexCache_, 1);
    auto* indexExplanation = new QLabel(
        tr("A run read on demand keeps an index of what its first open computed, so that it "
           "reopens at once. Beyond this limit, the indexes used least recently are removed."),
        this);
    indexExplanation->setWordWrap(true);
    ColorContrast::setQuietText(indexExplanation, palette().color(QPalette::PlaceholderText),
                                palette().color(QPalette::Window));
    auto* indexLayout = new QVBoxLayout(indexGroup);
    indexLayout->addLayout(indexRow);
    indexLayout->addWidget(indexExplanation);

    auto* box = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(box, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(box, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(group);
    layout->addWidget(indexGroup);
    layout->addStretch();
    layout->addWidget(box);
    setTabOrder(default_, custom_);
    setTabOrder(custom_, size_);
    setTabOrder(size_, unit_);
    setTabOrder(unit_, indexCache_);
    setTabOrder(indexCache_, box);

    connect(custom_, &QRadioButton::toggled, this, [this](bool on) {
        size_->setEnabled(on);
        unit_->setEnabled(on);
    });
    connect(unit_, &QComboBox::currentIndexChanged, this, &PreferencesDialog::onUnitChanged);
    setMemoryBudget(MemoryBudgetSetting::stored());
    setMinimumWidth(440);
}

std::uint64_t PreferencesDialog::memoryBudget() const {
    if (default_->isChecked())
        return 0;
    return static_cast<std::uint64_t>(size_->value()) * unitBytes(unit_->currentData().toInt());
}

void PreferencesDialog::setMemoryBudget(std::uint64_t bytes) {
    const bool custom = bytes != 0;
    (custom ? custom_ : default_)->setChecked(true);
    size_->setEnabled(custom);
    unit_->setEnabled(custom);
    // Whole GiB in GiB, anything else in MiB (at least one).
    const int unit = custom && bytes % kGiB == 0 ? GiB : custom ? MiB : GiB;
    // The default, rounded, is where a custom budget starts.
    const std::uint64_t amount = custom ? bytes : MemoryBudgetSetting::defaultBytes();
    const std::uint64_t shown =
        std::max<std::uint64_t>(1, (amount + unitBytes(unit) / 2) / unitBytes(unit));
    shownUnit_ = unit;
    {
        const QSignalBlocker blocker(unit_);
        unit_->setCurrentIndex(unit_->findData(unit));
    }
    size_->setValue(static_cast<int>(std::min<std::uint64_t>(shown, kLargest)));
}

// The size stays the same amount of memory where the new unit can say it.
void PreferencesDialog::onUnitChanged() {
    const int unit = unit_->currentData().toInt();
    const double bytes = static_cast<double>(size_->value()) * unitBytes(shownUnit_);
    shownUnit_ = unit;
    size_->setValue(
        std::clamp(static_cast<int>(std::lround(bytes / unitBytes(unit))), 1, kLargest));
}

std::uint64_t PreferencesDialog::indexCacheLimit() const {
    return static_cast<std::uint64_t>(indexCache_->value()) * kGiB;
}

void PreferencesDialog::accept() {
    MemoryBudgetSetting::store(memoryBudget());
    LoadController::storeIndexCacheLimit(indexCacheLimit());
    QDialog::accept();
}
