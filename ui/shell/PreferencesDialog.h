// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>

#include <cstdint>

class QComboBox;
class QLabel;
class QRadioButton;
class QSpinBox;

// Edit ▸ Preferences…: the memory budget above which a run's calls are read
// on demand instead of into memory, as the default (half of this machine's
// memory) or a size in MiB or GiB. OK stores it (MemoryBudgetSetting); it
// applies to the runs opened or reloaded afterwards. And the index cache
// limit (GiB): how much the kept indexes of runs read on demand may take
// before the least recently used are removed (LoadController::indexCacheLimit).
class PreferencesDialog : public QDialog {
    Q_OBJECT
public:
    enum Unit { MiB, GiB };

    // sessionOverride: the budget --memory-budget gave this session (0 =
    // none); it wins over the preference until the viewer quits, which the
    // dialog says.
    explicit PreferencesDialog(std::uint64_t sessionOverride = 0, QWidget* parent = nullptr);

    // The budget chosen, in bytes; 0 = the default.
    std::uint64_t memoryBudget() const;
    void setMemoryBudget(std::uint64_t bytes);
    // The index cache limit chosen, in bytes (whole GiB).
    std::uint64_t indexCacheLimit() const;
    void accept() override;

    QRadioButton* defaultButton() const { return default_; }
    QRadioButton* customButton() const { return custom_; }
    QSpinBox* sizeBox() const { return size_; }
    QComboBox* unitBox() const { return unit_; }
    // Says that --memory-budget overrides the preference; hidden without one.
    QLabel* sessionNote() const { return session_; }
    QSpinBox* indexCacheBox() const { return indexCache_; }

private:
    void onUnitChanged();

    QRadioButton* default_;
    QRadioButton* custom_;
    QSpinBox* size_;
    QComboBox* unit_;
    QLabel* session_;
    QSpinBox* indexCache_;
    int shownUnit_ = GiB;
};
