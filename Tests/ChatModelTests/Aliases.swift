@testable import ChatModel

/// Swift Testing has an `Attachment` type of its own; in these tests the name means chatrender's.
typealias Attachment = ChatModel.Attachment
