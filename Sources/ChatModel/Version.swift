public enum ChatRenderVersion { public static let string = "0.1.0" }
