@testable import ChatModel
@testable import ChatLoad
@testable import ChatTheme
@testable import ChatPlan
@testable import ChatRenderHTML
@testable import ChatOutput
@testable import ChatAssets
@testable import ChatBrowser
@testable import ChatRender

/// Swift Testing has an `Attachment` type of its own; in these tests the name means chatrender's.
typealias Attachment = ChatRender.Attachment
