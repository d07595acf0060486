// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ChartExporter.h"
#include "common/ChartSurface.h"

#include <QCoreApplication>
#include <QDir>
#include <QWidget>

#include <functional>

// A page's chart that paints itself (flame graph, heatmap) as the exports see
// it: Chart has savePng, saveSvg, savePdf and copyToClipboard with a size.
template <class Chart> class PaintedSurface : public ChartSurface {
public:
    PaintedSurface(Names names, Chart* chart, std::function<QString()> unavailable)
        : ChartSurface(std::move(names)), chart_(chart), unavailable_(std::move(unavailable)) {}

    QString unavailable() override { return unavailable_ ? unavailable_() : QString(); }
    // The chart's own export size where it has one (a flame graph fits its
    // depth), else the size on screen, or the default for a chart not shown.
    QSize defaultSize() const override {
        if constexpr (kSizesItself)
            return chart_->exportSize();
        return chart_->isVisible() && !chart_->size().isEmpty() ? chart_->size()
                                                                : ChartExporter::kDefaultSize;
    }
    bool save(Format format, const QString& path, QSize size, double scale,
              QString* error) override {
        const QSize shown = kSizesItself ? QSize(0, 0) : defaultSize();
        const int width = size.width() > 0 ? size.width() : shown.width();
        const int height = size.height() > 0 ? size.height() : shown.height();
        bool saved = false;
        if (format == Format::Svg)
            saved = chart_->saveSvg(path, width, height);
        else if (format == Format::Pdf)
            saved = chart_->savePdf(path, width, height);
        else
            saved = chart_->savePng(path, width, height, scale);
        if (!saved && error != nullptr)
            *error = QCoreApplication::translate("PaintedSurface", "cannot write %1")
                         .arg(QDir::toNativeSeparators(path));
        return saved;
    }
    void copy() override {
        if constexpr (kSizesItself) {
            chart_->copyToClipboard();
        } else {
            const QSize size = defaultSize();
            chart_->copyToClipboard(size.width(), size.height(), ChartExporter::kDefaultScale);
        }
    }

private:
    static constexpr bool kSizesItself = requires(const Chart& chart) { chart.exportSize(); };

    Chart* chart_;
    std::function<QString()> unavailable_;
};
