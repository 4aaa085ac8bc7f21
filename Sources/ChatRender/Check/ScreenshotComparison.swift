import Foundation
import ChatAssets
/// How a new screenshot differs from its snapshot, pixel by pixel, with a small per-channel
/// tolerance so anti-aliasing noise is not a change.
package struct ScreenshotComparison: Sendable {
    /// A rectangle in image pixels; `maxX`/`maxY` are inclusive.
    package struct Box: Sendable, Equatable, CustomStringConvertible {
        package var minX: Int, minY: Int, maxX: Int, maxY: Int
        package var width: Int { maxX - minX + 1 }
        package var height: Int { maxY - minY + 1 }
        package init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
            self.minX = minX; self.minY = minY; self.maxX = maxX; self.maxY = maxY
        }
        /// `x 12–380, y 400–470 (369 × 71 px)`
        package var description: String { "x \(minX)–\(maxX), y \(minY)–\(maxY) (\(width) × \(height) px)" }
    }

    /// Size of the snapshot and of the new screenshot.
    package var oldSize: (width: Int, height: Int)
    package var newSize: (width: Int, height: Int)
    /// Pixels counted: the area covering both images.
    package var totalPixels: Int
    /// Pixels whose channels differ by more than the tolerance, or that only one image has.
    package var changedPixels: Int
    /// Pixels on edges that differed slightly and were not counted (see `allowEdgeNoise`).
    package var edgeNoisePixels: Int
    /// Where the changed pixels are; nil when none changed.
    package var boundingBox: Box?
    /// The new screenshot washed out to grey with changed pixels in magenta; nil when none changed.
    package var diffImage: PixelImage?

    /// Whether the two are the same within the tolerance (and the same size).
    package var matches: Bool { changedPixels == 0 }
    package var sizeChanged: Bool { oldSize != newSize }
    /// Changed pixels as a percentage of ``totalPixels``.
    package var changedPercent: Double { totalPixels == 0 ? 0 : Double(changedPixels) * 100 / Double(totalPixels) }

    /// The colour changed pixels are painted in the diff image.
    package static let highlight: [UInt8] = [255, 0, 255, 255]

    /// Compares pixel by pixel: a pixel is changed when any channel differs by more than
    /// `tolerance` (0–255). Images of different sizes are compared over the area covering both;
    /// what only one of them covers counts as changed.
    ///
    /// With `allowEdgeNoise`, a pixel on a strong edge in both images (a rounded corner clipping a
    /// photo, say) that differs by at most ``edgeNoiseLimit`` is not counted: rasterisers
    /// anti-alias such edges a little differently from run to run. Text that moves or changes
    /// colour differs by far more and is still counted, and the HTML diff catches every change
    /// in the markup exactly.
    package init(old: PixelImage, new: PixelImage, tolerance: Int = 2, allowEdgeNoise: Bool = true) {
        oldSize = (old.width, old.height)
        newSize = (new.width, new.height)
        let width = max(old.width, new.width), height = max(old.height, new.height)
        totalPixels = width * height
        var changed = 0, ignored = 0
        var box: Box?
        var changedRows: [Int] = []
        let sameWidth = old.width == new.width
        let highlight = ScreenshotComparison.highlight
        var diff: [UInt8] = []
        old.pixels.withUnsafeBufferPointer { a in
            new.pixels.withUnsafeBufferPointer { b in
                /// Whether the pixel at (x, y) counts as changed; `noise` is set for forgiven edge pixels.
                func isChanged(_ x: Int, _ y: Int, _ noise: inout Bool) -> Bool {
                    let inOld = x < old.width && y < old.height
                    let inNew = x < new.width && y < new.height
                    guard inOld && inNew else { return inOld != inNew }
                    let i = (y * old.width + x) * 4, j = (y * new.width + x) * 4
                    var largest = 0
                    for channel in 0..<4 { largest = max(largest, abs(Int(a[i + channel]) - Int(b[j + channel]))) }
                    guard largest > tolerance else { return false }
                    if allowEdgeNoise && largest <= ScreenshotComparison.edgeNoiseLimit
                        && ScreenshotComparison.onEdge(a, old.width, old.height, x, y)
                        && ScreenshotComparison.onEdge(b, new.width, new.height, x, y)
                    {
                        noise = true
                        return false
                    }
                    return true
                }
                // Count first: a row whose bytes are equal in both costs one memcmp, so a long
                // page that matches is compared quickly and no diff image is made for it.
                let rowBytes = width * 4
                for y in 0..<height {
                    if sameWidth && y < old.height && y < new.height
                        && memcmp(a.baseAddress! + y * rowBytes, b.baseAddress! + y * rowBytes, rowBytes) == 0
                    {
                        continue
                    }
                    var rowChanged = false
                    for x in 0..<width {
                        var noise = false
                        if isChanged(x, y, &noise) {
                            changed += 1
                            rowChanged = true
                            if var current = box {
                                current.minX = min(current.minX, x); current.maxX = max(current.maxX, x)
                                current.minY = min(current.minY, y); current.maxY = max(current.maxY, y)
                                box = current
                            } else {
                                box = Box(minX: x, minY: y, maxX: x, maxY: y)
                            }
                        } else if noise {
                            ignored += 1
                        }
                    }
                    if rowChanged { changedRows.append(y) }
                }
                guard changed > 0 else { return }
                // The diff image: the new screenshot washed out to grey (the layout stays readable
                // and nothing in it competes with the highlight), changed pixels in magenta.
                diff = [UInt8](repeating: 0, count: width * height * 4)
                diff.withUnsafeMutableBufferPointer { d in
                    for y in 0..<min(height, new.height) {
                        for x in 0..<new.width {
                            let j = (y * new.width + x) * 4, target = (y * width + x) * 4
                            let luma = (299 * Int(b[j]) + 587 * Int(b[j + 1]) + 114 * Int(b[j + 2])) / 1000
                            let grey = UInt8(160 + luma * 80 / 255)
                            d[target] = grey; d[target + 1] = grey; d[target + 2] = grey; d[target + 3] = 255
                        }
                    }
                    for y in changedRows {
                        for x in 0..<width {
                            var noise = false
                            guard isChanged(x, y, &noise) else { continue }
                            let target = (y * width + x) * 4
                            for channel in 0..<4 { d[target + channel] = highlight[channel] }
                        }
                    }
                }
            }
        }
        changedPixels = changed
        edgeNoisePixels = ignored
        boundingBox = box
        diffImage = changed == 0 ? nil : PixelImage(width: width, height: height, pixels: diff)
    }

    /// The largest channel difference an edge pixel may have and still count as noise.
    package static let edgeNoiseLimit = 48
    /// The luma range across a pixel's 3 × 3 neighbourhood that makes it an edge.
    package static let edgeContrast = 48

    /// Whether the pixel at (x, y) sits on a strong edge: its 3 × 3 neighbourhood spans a wide range of luma.
    static func onEdge(_ p: UnsafeBufferPointer<UInt8>, _ width: Int, _ height: Int, _ x: Int, _ y: Int) -> Bool {
        var low = Int.max, high = Int.min
        for ny in max(0, y - 1)...min(height - 1, y + 1) {
            for nx in max(0, x - 1)...min(width - 1, x + 1) {
                let k = (ny * width + nx) * 4
                // Alpha counts too: a transparent neighbour is as different as a dark one.
                let luma = (299 * Int(p[k]) + 587 * Int(p[k + 1]) + 114 * Int(p[k + 2])) / 1000 * Int(p[k + 3]) / 255
                low = min(low, luma); high = max(high, luma)
            }
        }
        return high - low >= edgeContrast
    }

    /// `3,120 pixels differ (0.42%) in x 12–380, y 400–470 (369 × 71 px)`, with the sizes when they differ.
    package var summary: String {
        guard !matches else { return "matches" }
        var text =
            "\(ScreenshotComparison.grouped(changedPixels)) pixel\(changedPixels == 1 ? "" : "s") differ\(changedPixels == 1 ? "s" : "") (\(ScreenshotComparison.percent(changedPercent)))"
        if let boundingBox { text += " in \(boundingBox)" }
        if sizeChanged { text += "; size \(oldSize.width) × \(oldSize.height) → \(newSize.width) × \(newSize.height)" }
        return text
    }

    static func grouped(_ value: Int) -> String {
        let digits = Array(String(value))
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return out
    }

    /// Two decimals, but never "0.00%" for a change: "<0.01%".
    static func percent(_ value: Double) -> String {
        if value > 0 && value < 0.01 { return "<0.01%" }
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)%"
    }
}
