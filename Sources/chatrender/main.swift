import ChatRender
import ChatRenderCLI
import Foundation

ChatRenderer.prepareOneShotProcess()
let code = CLI.run(Array(CommandLine.arguments.dropFirst()))
ChatRenderer.shutdown()
exit(code.rawValue)
