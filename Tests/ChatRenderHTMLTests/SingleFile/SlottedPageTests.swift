import Testing
@testable import ChatModel
@testable import ChatPlan
@testable import ChatRenderHTML

/// A single-file page is drawn once with its asset places open; its size for any choice of what
/// goes inside is a sum, and filling the slots gives exactly that many bytes.
@Suite struct SlottedPageTests {
    /// A thumbnail (address only) and a file link whose markup differs inside and beside.
    static func page() -> SlottedPage {
        var thumb = ImageAsset(path: "g_files/t.webp", width: 10, height: 10)
        thumb.deferred = true
        let img: HTML = "<img src=\"\(AssetMarkup.url(thumb))\">"
        let link = AssetMarkup.choose("g_files/a&b.pdf", deferred: true) { url, inside in
            inside ? "<a href=\"\(url)\" download=\"a.pdf\">" : "<a href=\"\(url)\" target=\"_blank\">"
        }
        var page = SlottedPage()
        page.append(.bytes(Array("<body>".utf8)))
        page.append(.html("<p>\(img)\(link)open</a>\(img)</p>"))
        return page
    }

    @Test func everyChoiceWeighsWhatItWrites() {
        let page = Self.page()
        let urls = ["g_files/t.webp": "data:image/webp;base64,AAAA", "g_files/a&b.pdf": "data:application/pdf;base64,QUJD"]
        for inside in [[], ["g_files/t.webp"], ["g_files/a&b.pdf"], Array(urls.keys)] {
            let chosen = urls.filter { inside.contains($0.key) }
            let bytes = page.bytes(inside: chosen)
            #expect(page.size(inside: chosen.mapValues(\.utf8.count)) == bytes.count)
            var sum = page.size(inside: [:])
            for (key, url) in chosen { sum += page.growth(of: key, dataURLLength: url.utf8.count) }
            #expect(sum == bytes.count, "growths add up for \(inside)")
        }
    }

    @Test func besideIsThePlainMarkupAndInsideTheChosenOne() {
        let page = Self.page()
        let beside = String(decoding: page.bytes(inside: [:]), as: UTF8.self)
        #expect(beside == "<body><p><img src=\"g_files/t.webp\"><a href=\"g_files/a&amp;b.pdf\" target=\"_blank\">open</a><img src=\"g_files/t.webp\"></p>")
        let inside = String(decoding: page.bytes(inside: ["g_files/a&b.pdf": "data:application/pdf;base64,QUJD"]), as: UTF8.self)
        #expect(
            inside
                == "<body><p><img src=\"g_files/t.webp\"><a href=\"data:application/pdf;base64,QUJD\" download=\"a.pdf\">open</a><img src=\"g_files/t.webp\"></p>"
        )
        #expect(page.costs["g_files/t.webp"]?.insideAddresses == 2)
        #expect(page.costs.count == 2)
    }

    @Test func aPageBesideItsAssetsHasNoSlots() {
        let thumb = ImageAsset(path: "assets/t.webp", width: 10, height: 10)
        let html: HTML = "<img src=\"\(AssetMarkup.url(thumb))\">\(AssetMarkup.choose("assets/f.pdf", deferred: false) { url, _ in "<a href=\"\(url)\">" })"
        #expect(html.slots.isEmpty)
        #expect(html.description == "<img src=\"assets/t.webp\"><a href=\"assets/f.pdf\">")
    }
}
