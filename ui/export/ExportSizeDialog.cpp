// SPDX-License-Identifier: GPL-3.0-or-later
#include "ExportSizeDialog.h"

#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QSpinBox>

#include <cmath>

namespace {

constexpr int kMaxSide = 10000;
constexpr int kScreenDpi = 96;

} // namespace

ExportSizeDialog::ExportSizeDialog(QSize size, double scale, QWidget* parent)
    : QDialog(parent), width_(new QSpinBox(this)), height_(new QSpinBox(this)),
      scale_(new QDoubleSpinBox(this)), summary_(new QLabel(this)) {
    setWindowTitle(tr("Export as PNG"));
    for (QSpinBox* box : {width_, height_}) {
        box->setRange(16, kMaxSide);
        box->setSuffix(tr(" px"));
    }
    width_->setValue(size.width());
    height_->setValue(size.height());
    scale_->setRange(0.5, 8.0);
    scale_->setSingleStep(0.5);
    scale_->setDecimals(2);
    scale_->setPrefix(QStringLiteral("× "));
    scale_->setValue(scale);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* form = new QFormLayout(this);
    form->addRow(tr("Width:"), width_);
    form->addRow(tr("Height:"), height_);
    form->addRow(tr("Scale:"), scale_);
    form->addRow(summary_);
    form->addRow(buttons);

    connect(width_, &QSpinBox::valueChanged, this, &ExportSizeDialog::updateSummary);
    connect(height_, &QSpinBox::valueChanged, this, &ExportSizeDialog::updateSummary);
    connect(scale_, &QDoubleSpinBox::valueChanged, this, &ExportSizeDialog::updateSummary);
    updateSummary();
}

int ExportSizeDialog::exportWidth() const {
    return width_->value();
}

int ExportSizeDialog::exportHeight() const {
    return height_->value();
}

double ExportSizeDialog::scale() const {
    return scale_->value();
}

void ExportSizeDialog::updateSummary() {
    summary_->setText(tr("Image: %1 × %2 pixels at %3 dpi")
                          .arg(std::lround(width_->value() * scale_->value()))
                          .arg(std::lround(height_->value() * scale_->value()))
                          .arg(std::lround(kScreenDpi * scale_->value())));
}
