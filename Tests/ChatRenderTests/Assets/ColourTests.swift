import Foundation
import Testing
@testable import ChatModel
@testable import ChatPlan
@testable import ChatAssets
import TestSupport

/// Colour management with libvips on real images made by the tests: a photo without an ICC
/// profile, or with an sRGB one, keeps its pixels; one with another profile (Display P3, CMYK, an
/// RGB profile with another curve) is converted to sRGB.
///
/// Every source holds 27 × 27 patches of 8 × 8 pixels, one for each colour of a 9-level cube
/// (0, 32, …, 224, 255 a channel: the primaries at full strength included), lined up with JPEG's
/// 8 × 8 blocks so that a JPEG keeps them flat. Web images are made as JPEG at quality 100 (no
/// chroma subsampling: the closest to lossless chatrender writes) at the source's own size, then
/// decoded without colour management, and patch centres are compared with the source decoded the
/// same way.
@Suite(.serialized) struct ColourTests {
    let inspector = VipsImageInspector()

    static let levels: [UInt8] = [0, 32, 64, 96, 128, 160, 192, 224, 255]
    static let side = 27 * 8

    /// The patches, RGBA (opaque).
    static func patches() throws -> PixelImage {
        var image = try PixelImage(width: side, height: side, fill: [0, 0, 0, 255])
        for y in 0..<side {
            for x in 0..<side {
                let index = (y / 8) * 27 + x / 8
                image.setPixel(x: x, y: y, [levels[index / 81], levels[(index / 9) % 9], levels[index % 9], 255])
            }
        }
        return image
    }

    /// Index of the patch of colour (r, g, b), each an index into `levels`.
    static func patch(_ r: Int, _ g: Int, _ b: Int) -> Int { r * 81 + g * 9 + b }

    /// The patches written as a 3-band (RGB) image, in the format the name says (JPEG at quality 100).
    func untagged(_ name: String, in dir: String) throws -> String {
        let rgba = dir + "/patches-rgba.png"
        try Data(try Self.patches().pngBytes()).write(to: URL(fileURLWithPath: rgba))
        let path = dir + "/" + name
        try vips(["extract_band", rgba, path + (name.hasSuffix(".jpg") ? "[Q=100]" : ""), "0", "--n", "3"])
        return path
    }

    /// The untagged patches converted by libvips to one of its own profiles (`srgb`, `p3`, `cmyk`),
    /// which it embeds.
    func converted(to profile: String, _ name: String, in dir: String) throws -> String {
        let plain = try untagged("plain-" + name, in: dir)
        let path = dir + "/" + name
        try vips(["icc_transform", plain, path + (name.hasSuffix(".jpg") ? "[Q=100]" : ""), profile, "--input-profile", "srgb"])
        return path
    }

    /// A copy of `source` with `profile` embedded as it is (pixels untouched).
    func tagged(_ source: String, with profile: [UInt8], as name: String, in dir: String) throws -> String {
        let icc = dir + "/" + name + ".icc"
        try Data(profile).write(to: URL(fileURLWithPath: icc))
        let path = dir + "/" + name
        try FileManager.default.copyItem(atPath: source, toPath: path)
        try #require(
            try CLIRunTool.run("/usr/bin/exiftool", ["-q", "-overwrite_original", "-icc_profile<=" + icc, path]) == 0,
            "exiftool could not embed the profile")
        return path
    }

    func vips(_ arguments: [String]) throws {
        try #require(try CLIRunTool.run("/usr/bin/vips", arguments) == 0, "vips \(arguments.joined(separator: " ")) failed")
    }

    /// The display image chatrender makes of `source` (one image, or the first of a batch),
    /// decoded without colour management.
    func made(_ source: String, in dir: String, batch: Bool = false) throws -> PixelImage {
        var settings = ImageSettings()
        settings.format = .jpeg
        settings.quality = 100
        let out = dir + "/made-\(UUID().uuidString).jpg"
        if batch {
            let sizes = try inspector.thumbnails(
                source: source, requests: [(.longEdge(2560), out), (.square(64), out + ".small.jpg")],
                settings: settings)
            #expect(sizes.first.map { $0 == (Self.side, Self.side) } == true)
        } else {
            let size = try inspector.thumbnail(source: source, destination: out, variant: .longEdge(2560), settings: settings)
            #expect(size == (Self.side, Self.side))
        }
        return try PixelImage(contentsOf: out)
    }

    /// The source decoded without colour management.
    func decoded(_ source: String) throws -> PixelImage { try PixelImage(contentsOf: source) }

    /// The centre pixel (RGB) of every patch.
    static func centres(_ image: PixelImage) -> [[Int]] {
        (0..<(27 * 27)).map { index in
            image.pixel(x: (index % 27) * 8 + 4, y: (index / 27) * 8 + 4).prefix(3).map(Int.init)
        }
    }

    /// The largest and the mean channel difference between the patches of two images.
    static func difference(_ a: PixelImage, _ b: PixelImage) -> (max: Int, mean: Double) {
        let pairs = zip(centres(a).joined(), centres(b).joined()).map { abs($0 - $1) }
        return (pairs.max() ?? 0, Double(pairs.reduce(0, +)) / Double(pairs.count))
    }

    @Test(arguments: ["plain.png", "plain.jpg"])
    func photosWithoutAProfileKeepTheirPixels(_ name: String) throws {
        let dir = TestPaths.temporaryFolder("untagged")
        let source = try untagged(name, in: dir)
        for batch in [false, true] {
            let change = Self.difference(try made(source, in: dir, batch: batch), try decoded(source))
            // Converting to libvips's sRGB profile moved pure blue by 85 levels, 7.7 on average.
            #expect(change.max <= 1 && change.mean < 0.5, "\(name): \(change)")
        }
    }

    @Test(arguments: ["srgb.png", "srgb.jpg"])
    func photosWithLibvipsSRGBProfileKeepTheirPixels(_ name: String) throws {
        let dir = TestPaths.temporaryFolder("srgb")
        let source = try converted(to: "srgb", name, in: dir)
        let change = Self.difference(try made(source, in: dir), try decoded(source))
        #expect(change.max <= 1 && change.mean < 0.5, "\(name): \(change)")
    }

    /// A profile is sRGB by what it does, not by its name or bytes: a compact sRGB profile that
    /// is not libvips's keeps the pixels; the same primaries with a straight (linear) curve do not.
    @Test(arguments: ["plain.png", "plain.jpg"])
    func anotherSRGBProfileKeepsThePixelsAndAnotherCurveDoesNot(_ name: String) throws {
        let dir = TestPaths.temporaryFolder("compact")
        let plain = try untagged(name, in: dir)
        let compact = try tagged(plain, with: ICCProfile.rgb(description: "compact sRGB", curve: .sRGB), as: "compact-" + name, in: dir)
        let kept = Self.difference(try made(compact, in: dir), try decoded(compact))
        #expect(kept.max <= 1 && kept.mean < 0.5, "\(name): \(kept)")

        let linear = try tagged(plain, with: ICCProfile.rgb(description: "linear sRGB", curve: .gamma(1.0)), as: "linear-" + name, in: dir)
        let madeLinear = try made(linear, in: dir)
        let converted = Self.difference(madeLinear, try decoded(linear))
        #expect(converted.mean > 10, "\(name): a linear profile must be converted: \(converted)")
        // Linear light 64/255 is sRGB 137: the dark patches come out lighter.
        let darkBlue = Self.centres(madeLinear)[Self.patch(0, 0, 2)]
        #expect(abs(darkBlue[2] - 137) <= 3, "\(darkBlue)")
    }

    @Test(arguments: ["p3.png", "p3.jpg"])
    func displayP3PhotosAreConvertedToSRGB(_ name: String) throws {
        let dir = TestPaths.temporaryFolder("p3")
        let p3 = try converted(to: "p3", name, in: dir)
        // The same pixels without the profile, which a browser would show as sRGB.
        let plainPixels = dir + "/untagged-" + name
        try vips(["copy", p3, plainPixels + (name.hasSuffix(".jpg") ? "[Q=100,strip]" : "[strip]")])
        let original = try decoded(dir + "/plain-" + name)
        for batch in [false, true] {
            let fromP3 = try made(p3, in: dir, batch: batch)
            let fromPlain = try made(plainPixels, in: dir, batch: batch)
            // The transform happened: the P3 photo comes out unlike its pixels read as sRGB…
            #expect(Self.difference(fromP3, fromPlain).max > 50)
            // …and as the sRGB colours it was made from: in gamut, within an 8-bit round trip. A
            // JPEG's rounding of P3 pixels grows where P3 → sRGB stretches the edge of the gamut
            // (a red of 1 in P3 beside full green is 14 in sRGB).
            let back = Self.difference(fromP3, original)
            #expect(back.max <= (name.hasSuffix(".jpg") ? 16 : 6) && back.mean < 1, "\(name): \(back)")
            // sRGB's pure red is (234, 51, 34) in Display P3: shown as it is, it would be dull.
            let red = Self.centres(fromP3)[Self.patch(8, 0, 0)]
            #expect(red[0] >= 250 && red[1] <= 5 && red[2] <= 5, "\(red)")
            let dull = Self.centres(fromPlain)[Self.patch(8, 0, 0)]
            #expect(abs(dull[0] - 234) <= 3 && abs(dull[1] - 51) <= 3 && abs(dull[2] - 34) <= 3, "\(dull)")
        }
    }

    @Test func cmykPhotosBecomeSRGB() throws {
        let dir = TestPaths.temporaryFolder("cmyk")
        let cmyk = try converted(to: "cmyk", "cmyk.jpg", in: dir)
        var settings = ImageSettings()
        settings.format = .jpeg
        settings.quality = 100
        let out = dir + "/out.jpg"
        _ = try inspector.thumbnail(source: cmyk, destination: out, variant: .longEdge(2560), settings: settings)
        // JPEG can hold CMYK: the file itself must say RGB.
        let bands = try header(out, "bands"), interpretation = try header(out, "interpretation")
        #expect(bands == "3" && interpretation.contains("sRGB"), "\(bands) bands, \(interpretation)")
        let centres = Self.centres(try PixelImage(contentsOf: out))
        #expect(centres[Self.patch(8, 8, 8)].allSatisfy { $0 >= 250 }, "white: \(centres[Self.patch(8, 8, 8)])")
        let red = centres[Self.patch(8, 0, 0)]
        #expect(red[0] > red[1] + 100 && red[0] > red[2] + 100, "red: \(red)")
    }

    /// The profile check converts sample colours with libvips: under VIPS_LEAK=1 a render of
    /// tagged photos (two with the same profile, so one verdict is reused) leaves nothing alive.
    @Test func profileChecksLeakNothing() throws {
        let dir = TestPaths.temporaryFolder("colourcheck")
        let p3 = try converted(to: "p3", "p3.png", in: dir)
        let plain = try untagged("plain.png", in: dir)
        let compact = try tagged(plain, with: ICCProfile.rgb(description: "compact sRGB", curve: .sRGB), as: "compact.png", in: dir)
        // Other pixels, the same profiles.
        try vips(["invert", p3, dir + "/p3-again.png"])
        try vips(["invert", compact, dir + "/compact-again.png"])
        let names = ["p3.png", "p3-again.png", "compact.png", "compact-again.png", "plain.png"]
        let attachments = names.enumerated().map { index, name in
            "{\"id\": \"a\(index)\", \"name\": \"\(name)\", \"byteCount\": 1, \"contentType\": \"image/png\", \"preview\": \"\(name)\"}"
        }
        let conversation =
            "{\"title\": \"Colours\", \"messages\": [{\"id\": \"m\", \"role\": \"user\", \"text\": \"\", "
            + "\"attachments\": [\(attachments.joined(separator: ", "))]}]}"
        try conversation.write(toFile: dir + "/conversation.json", atomically: true, encoding: .utf8)
        let run = try CLIRun.run(["render", dir + "/conversation.json", "--out", dir + "/o", "--no-cache"], environment: ["VIPS_LEAK": "1"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("memory: high-water mark"), "the leak check did not run:\n\(run.stderr)")
        #expect(!run.stderr.contains("objects alive"), "\(run.stderr)")
        #expect(!run.stderr.lowercased().contains("leak"), "\(run.stderr)")
        let images = try FileManager.default.contentsOfDirectory(atPath: dir + "/o/assets").filter { $0.hasSuffix(".webp") }
        #expect(images.count == names.count * 3, "\(images)")
    }

    func header(_ path: String, _ field: String) throws -> String {
        try CLIRunTool.output("/usr/bin/vipsheader", ["-f", field, path])
    }
}

/// A minimal ICC version 2 display profile (matrix and curves), written by the tests: an sRGB
/// profile that is not libvips's, or one with sRGB's primaries and another curve.
enum ICCProfile {
    enum Curve {
        /// sRGB's own curve (a parametric curve, function type 3).
        case sRGB
        /// A pure power curve.
        case gamma(Double)
    }

    /// sRGB's primaries adapted to D50, as every sRGB profile states them.
    static let sRGBColorants: [(Double, Double, Double)] = [
        (0.4360747, 0.2225045, 0.0139322), (0.3850649, 0.7168786, 0.0971045), (0.1430804, 0.0606169, 0.7141733),
    ]

    static func rgb(description: String, curve: Curve) -> [UInt8] {
        let trc: [UInt8]
        switch curve {
        case .sRGB:
            trc =
                ascii("para") + zeros(4) + be16(3) + zeros(2)
                + [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045].flatMap(s15Fixed16)
        case .gamma(let gamma):
            trc = ascii("curv") + zeros(4) + be32(1) + be16(UInt16((gamma * 256).rounded()))
        }
        let text = ascii(description) + [0]
        let desc = ascii("desc") + zeros(4) + be32(UInt32(text.count)) + text + zeros(4 + 4 + 2 + 1 + 67)
        let tags: [(String, [UInt8])] = [
            ("desc", desc), ("wtpt", xyz(0.9642, 1.0, 0.8249)),
            ("rXYZ", xyz(sRGBColorants[0])), ("gXYZ", xyz(sRGBColorants[1])), ("bXYZ", xyz(sRGBColorants[2])),
            ("rTRC", trc), ("gTRC", trc), ("bTRC", trc), ("cprt", ascii("text") + zeros(4) + ascii("none") + [0]),
        ]
        let tableEnd = 128 + 4 + 12 * tags.count
        var table: [UInt8] = be32(UInt32(tags.count)), body: [UInt8] = []
        for (signature, data) in tags {
            while (tableEnd + body.count) % 4 != 0 { body.append(0) }
            table += ascii(signature) + be32(UInt32(tableEnd + body.count)) + be32(UInt32(data.count))
            body += data
        }
        let size = UInt32(tableEnd + body.count)
        // Size, CMM, version 2.1, display class, RGB data, XYZ connection space, date, 'acsp',
        // platform, flags, device, attributes, relative intent, D50 illuminant, creator, ID, reserved.
        var header = be32(size) + zeros(4) + [2, 0x10, 0, 0] + ascii("mntr") + ascii("RGB ") + ascii("XYZ ") + zeros(12)
        header += ascii("acsp") + zeros(4 + 4 + 4 + 4 + 8 + 4) + xyzNumbers(0.9642, 1.0, 0.8249) + zeros(4 + 16 + 28)
        precondition(header.count == 128)
        return header + table + body
    }

    static func xyz(_ value: (Double, Double, Double)) -> [UInt8] { xyz(value.0, value.1, value.2) }
    static func xyz(_ x: Double, _ y: Double, _ z: Double) -> [UInt8] { ascii("XYZ ") + zeros(4) + xyzNumbers(x, y, z) }
    static func xyzNumbers(_ x: Double, _ y: Double, _ z: Double) -> [UInt8] { s15Fixed16(x) + s15Fixed16(y) + s15Fixed16(z) }
    static func s15Fixed16(_ value: Double) -> [UInt8] { be32(UInt32(bitPattern: Int32((value * 65536).rounded()))) }
    static func be32(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
    static func be16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(truncatingIfNeeded: value)] }
    static func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }
    static func zeros(_ count: Int) -> [UInt8] { [UInt8](repeating: 0, count: count) }
}
