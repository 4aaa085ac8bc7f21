import Testing
@testable import ChatModel
@testable import ChatTheme
@testable import ChatPlan
@testable import ChatRenderHTML

@Suite struct BlockTests {
    func photo(_ i: Int, upload: UploadState = .done, alt: String? = nil) -> Attachment {
        Attachment(id: "p\(i)", name: "p\(i).jpg", byteCount: 1000, contentType: "image/jpeg", preview: "p\(i).jpg", alt: alt, upload: upload)
    }

    func assets(for count: Int) -> AssetTable {
        var table = AssetTable()
        for i in 0..<count {
            let photo = PhotoAsset(
                display: ImageAsset(path: "assets/p\(i)-d.webp", width: 2560, height: 1920),
                sizes: [
                    .square(206): ImageAsset(path: "assets/p\(i)-206.webp", width: 206, height: 206),
                    .square(412): ImageAsset(path: "assets/p\(i)-412.webp", width: 412, height: 412),
                    .fit(416): ImageAsset(path: "assets/p\(i)-416.webp", width: 416, height: 312),
                    .fit(832): ImageAsset(path: "assets/p\(i)-832.webp", width: 832, height: 624),
                ])
            table[0, i] = AttachmentAssets(image: photo, file: .asset(photo.display.path))
        }
        return table
    }

    func turn(_ attachments: [Attachment], role: Message.Role = .user, text: String = "") -> String {
        let message = Message(id: "m", role: role, text: text, attachments: attachments)
        return TurnView.render(message, index: 0, assets: assets(for: attachments.count), options: .init()).description
    }

    @Test func layoutFollowsPhotoCount() {
        #expect(PhotoGrid.Layout(count: 1) == .single)
        #expect(PhotoGrid.Layout(count: 2) == .pair)
        #expect(PhotoGrid.Layout(count: 3) == .grid)
        #expect(PhotoGrid.Layout(count: 9) == .grid)
        #expect(PhotoGrid.overflow(count: 3) == 0)
        #expect(PhotoGrid.overflow(count: 4) == 0)
        #expect(PhotoGrid.overflow(count: 7) == 3)
    }

    @Test func sevenPhotosShowFourWithPlusThree() {
        let html = turn((1...7).map { photo($0) })
        #expect(html.contains("cr-photos cr-photos--grid"))
        #expect(html.components(separatedBy: "<li class=\"cr-photo\" hidden>").count - 1 == 3)
        #expect(html.contains("<span class=\"cr-photo-more\" aria-hidden=\"true\">+3</span>"))
        #expect(html.contains("aria-label=\"Photo, p4.jpg, 3 more photos\""))
        #expect(html.components(separatedBy: "cr-photo-more").count - 1 == 1)
    }

    @Test func photoNamesCarryNameAltAndState() {
        #expect(PhotoGrid.accessibleName(photo(1, alt: "A bed"), available: true, more: 0) == "Photo, p1.jpg, A bed")
        #expect(PhotoGrid.accessibleName(photo(1, upload: .uploading(0.45)), available: true, more: 0) == "Photo, p1.jpg, Uploading 45%")
        #expect(PhotoGrid.accessibleName(photo(1, upload: .failed(reason: "Lost")), available: true, more: 0) == "Photo, p1.jpg, Upload failed: Lost")
        #expect(PhotoGrid.accessibleName(photo(1), available: false, more: 0) == "Photo unavailable, p1.jpg")
    }

    @Test func photosCarrySizedThumbnailsAndLinkToTheDisplayImage() {
        let single = turn([photo(1)])
        #expect(
            single.contains(
                "<img src=\"assets/p0-416.webp\" srcset=\"assets/p0-416.webp 416w, assets/p0-832.webp 832w\" sizes=\"(max-width: 30.6rem) 85vw, 26rem\" alt=\"\" width=\"416\" height=\"312\" decoding=\"async\">"
            ))
        #expect(single.contains("href=\"assets/p0-d.webp\""))
        let grid = turn((1...3).map { photo($0) })
        #expect(grid.contains("srcset=\"assets/p2-206.webp 206w, assets/p2-412.webp 412w\""))
        #expect(grid.contains("width=\"206\" height=\"206\""))
        // Turns further down the page load lazily.
        let message = Message(id: "m", role: .user, text: "", attachments: [photo(1)])
        let late = TurnView.render(message, index: 5, assets: AssetTable(), options: .init()).description
        #expect(!late.contains("loading=\"lazy\""))  // no image: a placeholder
        var table = AssetTable()
        table[5, 0] = assets(for: 1)[0, 0]
        #expect(TurnView.render(message, index: 5, assets: table, options: .init()).description.contains("loading=\"lazy\""))
    }

    @Test func uploadingPhotoHasRingAndPercent() {
        let html = turn([photo(1, upload: .uploading(0.45))])
        #expect(html.contains("cr-photo--uploading"))
        #expect(html.contains("stroke-dasharray=\"45 100\""))
        #expect(html.contains(">Uploading 45%<"))
    }

    @Test func percentNeverReadsHundredBeforeDone() {
        #expect(ProgressRing.percent(0.999) == 99)
        #expect(ProgressRing.percent(1) == 100)
        #expect(ProgressRing.percent(0.004) == 0)
        #expect(ProgressRing.percent(.nan) == 0)
    }

    @Test func failedPhotoHasRetryWithIdsUnlessHidden() {
        let message = Message(id: "m\"1", role: .user, text: "", attachments: [photo(1, upload: .failed(reason: ""))])
        let shown = TurnView.render(message, index: 0, assets: assets(for: 1), options: .init()).description
        #expect(shown.contains("data-message-id=\"m&quot;1\" data-attachment-id=\"p1\" aria-label=\"Retry uploading p1.jpg\""))
        let hidden = TurnView.render(message, index: 0, assets: assets(for: 1), options: .init(showRetry: false)).description
        #expect(!hidden.contains("data-cr-retry"))
    }

    @Test func chipIsNamedByNameKindAndSize() {
        let pdf = Attachment(id: "f", name: "survey.pdf", byteCount: 2_300_000, contentType: "com.adobe.pdf")
        #expect(FileChip.accessibleName(pdf) == "survey.pdf, PDF document, 2.3 MB")
        let html = turn([pdf])
        #expect(html.contains("role=\"group\" aria-label=\"survey.pdf, PDF document, 2.3 MB\""))
        #expect(html.contains("cr-file-icon--pdf"))
        #expect(html.contains("<span class=\"cr-chip-line\">2.3 MB</span>"))
    }

    @Test func failedChipTurnsItsLineToDanger() {
        let file = Attachment(id: "f", name: "a.zip", byteCount: 10, contentType: "application/zip", upload: .failed(reason: "No network"))
        let html = turn([file])
        #expect(html.contains("cr-chip cr-chip--failed"))
        #expect(html.contains("<span class=\"cr-chip-line\">Upload failed: No network</span>"))
        #expect(html.contains("Retry uploading a.zip"))
    }

    @Test func assistantCardsHaveOpenAndShareOnlyWithAURL() {
        let withURL = Attachment(id: "c", name: "plan.pdf", byteCount: 1, contentType: "application/pdf", url: .remote("https://example.com/plan.pdf"))
        let without = Attachment(id: "d", name: "cal.csv", byteCount: 1, contentType: "text/csv")
        var table = AssetTable()
        table[0, 0] = AttachmentAssets(file: .remote("https://example.com/plan.pdf"))
        let message = Message(id: "m", role: .assistant, text: "Here", attachments: [withURL, without])
        let html = TurnView.render(message, index: 0, assets: table, options: .init()).description
        #expect(html.contains("aria-label=\"Open plan.pdf\""))
        #expect(html.contains("aria-label=\"Share plan.pdf\""))
        #expect(html.contains("rel=\"noopener noreferrer\""))
        #expect(html.components(separatedBy: "cr-open").count - 1 == 1)
        #expect(html.contains("aria-label=\"cal.csv, Spreadsheet, 4 bytes\"") == false)
        #expect(html.contains("aria-label=\"cal.csv, Spreadsheet, 1 byte\""))
    }

    @Test func turnsAreArticlesWithHeadingsAndTime() {
        let message = Message(id: "m", role: .assistant, text: "Hi", date: ChatDate(iso: "2026-03-14T09:41:00Z"))
        let html = TurnView.render(message, index: 3, assets: AssetTable(), options: .init()).description
        #expect(html.hasPrefix("<article class=\"cr-turn cr-turn--assistant\" aria-labelledby=\"cr-t3-h\""))
        #expect(html.contains("<h2 class=\"cr-turn-speaker\" id=\"cr-t3-h\">Assistant</h2>"))
        #expect(html.contains("<time class=\"cr-turn-time\" datetime=\"2026-03-14T09:41:00Z\" title=\"2026-03-14T09:41:00Z\">Mar 14, 2026 at 9:41 AM</time>"))
    }

    @Test func loadingDrawsBusySkeleton() {
        let html = PageBody.render(Conversation(messages: nil), assets: AssetTable(), options: .init(), hasDarkMode: true).description
        #expect(html.contains("aria-busy=\"true\""))
        #expect(html.contains("cr-skeletons\" aria-hidden=\"true\""))
        #expect(html.contains("role=\"status\">Loading conversation…"))
    }

    @Test func themeSwitchOnlyWithDarkMode() {
        let conversation = Conversation(title: "T", messages: [])
        #expect(PageBody.render(conversation, assets: AssetTable(), options: .init(), hasDarkMode: true).description.contains("cr-theme-dark"))
        #expect(!PageBody.render(conversation, assets: AssetTable(), options: .init(), hasDarkMode: false).description.contains("cr-theme-dark"))
    }

    @Test func cspHashesExactlyTheInlineBlocks() {
        let csp = PageShell.alone(styles: ["a"], script: "b", colorScheme: "light").policy.description
        // sha256("a") and sha256("b"), base64
        #expect(csp.contains("style-src 'sha256-ypeBEsobvcr6wjGzmiPcTaeG7/gUfE5yuYB3ha/uSLs='"))
        #expect(csp.contains("script-src 'sha256-PiPoFgA5WUoziU9lZOGxNIu9egCI1CxKy3PurtWcAJ0='"))
        #expect(csp.hasPrefix("default-src 'none'"))
    }
}
