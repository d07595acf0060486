// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QSize>
#include <QString>

#include <functional>

struct RunData;

// What the exports need of a page's chart, whatever draws it (a QCustomPlot
// or a widget that paints itself): its names, whether it can be saved now,
// its size, and the files and the clipboard.
class ChartSurface {
public:
    enum class Format { Png, Svg, Pdf };
    struct Names {
        QString name;     // "Histogram": the save dialog says "Export Histogram"
        QString menuText; // "&Histogram…" in File ▸ Export
        QString fileStem; // "histogram": "<run label>-histogram.png"
        // What `scope-viewer --export-dir` names the file, where scripts
        // expect another name than fileStem.
        QString batchName = {};
    };

    explicit ChartSurface(Names names) : names_(std::move(names)) {}
    virtual ~ChartSurface() = default;

    const QString& name() const { return names_.name; }
    const QString& menuText() const { return names_.menuText; }
    const QString& batchName() const {
        return names_.batchName.isEmpty() ? names_.fileStem : names_.batchName;
    }
    // Some charts name what they show ("<region>-ranks").
    QString fileStem() const { return stem_ ? stem_() : names_.fileStem; }
    void setFileStem(std::function<QString()> stem) { stem_ = std::move(stem); }
    // Whether File ▸ Export offers the chart for this run at all (any run
    // unless set); when it does, unavailable() still says why it cannot be
    // saved right now.
    bool offeredFor(const RunData& run) const;
    void setOffered(std::function<bool(const RunData&)> offered) { offered_ = std::move(offered); }

    // Why the chart cannot be saved now ("" when it can), in words for the
    // banner ("select a region with calls in the table first"). A chart that
    // follows the selection only while shown is brought up to it first.
    virtual QString unavailable() = 0;
    // The size on screen, or the default for a chart not shown.
    virtual QSize defaultSize() const = 0;
    // An empty size means defaultSize(); scale applies to PNGs. False with
    // the reason in `error`.
    virtual bool save(Format format, const QString& path, QSize size, double scale,
                      QString* error) = 0;
    virtual void copy() = 0;

private:
    Names names_;
    std::function<QString()> stem_;
    std::function<bool(const RunData&)> offered_;
};
