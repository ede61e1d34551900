/// The shells `completion` writes a script for.
enum CompletionShell: String, CaseIterable {
    case bash, zsh, fish

    /// The completion script for `model` in this shell.
    func script(for model: CompletionModel) -> String {
        switch self {
        case .bash: return BashCompletionScript(model: model).render()
        case .zsh: return ZshCompletionScript(model: model).render()
        case .fish: return FishCompletionScript(model: model).render()
        }
    }
}
