// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QPaintDevice>

#include <memory>

// Paints on another device with the clipping done on the geometry itself:
// shapes are cut to the clip before they reach the target, text and images
// wholly outside it are dropped. Qt 6.4's QSvgGenerator ignores clipping,
// so an SVG drawn directly shows bars and curves running past their axes
// over the labels; drawn through this device, every shape stays inside the
// area it was clipped to.
class ClippingPaintDevice : public QPaintDevice {
public:
    // `target` must outlive this device; it is painted on between the
    // QPainter::begin and end on this one.
    explicit ClippingPaintDevice(QPaintDevice* target);
    ~ClippingPaintDevice() override;
    ClippingPaintDevice(const ClippingPaintDevice&) = delete;
    ClippingPaintDevice& operator=(const ClippingPaintDevice&) = delete;

    QPaintEngine* paintEngine() const override;

protected:
    int metric(PaintDeviceMetric metric) const override;

private:
    class Engine;

    QPaintDevice* target_;
    std::unique_ptr<Engine> engine_;
};
