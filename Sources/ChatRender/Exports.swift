// `import ChatRender` is all a library user writes: the stages' public types (the model,
// diagnostics, the theme, render and image options, PDF options) come with it.
@_exported import ChatModel
@_exported import ChatSupport
@_exported import ChatLoad
@_exported import ChatTheme
@_exported import ChatPlan
@_exported import ChatRenderHTML
@_exported import ChatOutput
@_exported import ChatAssets
@_exported import ChatBrowser
