// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>

class QDoubleSpinBox;
class QLabel;
class QSpinBox;

// Asks for a PNG's layout size and pixel scale. The chart is laid out at
// width × height (fonts keep their on-screen size) and rendered at `scale`
// pixels per point, so 2 gives a sharp image that slides place at the
// on-screen size.
class ExportSizeDialog : public QDialog {
    Q_OBJECT
public:
    ExportSizeDialog(QSize size, double scale, QWidget* parent = nullptr);

    int exportWidth() const;
    int exportHeight() const;
    double scale() const;

private:
    void updateSummary();

    QSpinBox* width_;
    QSpinBox* height_;
    QDoubleSpinBox* scale_;
    QLabel* summary_;
};
