/// What the modifiers of a Group's chain do, as the Group rules need to know
/// before moving them: onto a container (hoist) or onto each member (distribute).
public enum GroupModifierKind {
    /// `onAppear`, `onDisappear` and `task` in all its forms.
    public static func isLifecycle(_ name: String) -> Bool {
        name == "onAppear" || name == "onDisappear" || name == "task"
    }

    /// Modifiers that act on each member's identity or place in its container
    /// (`id`, `transition`, `matchedGeometryEffect`, `zIndex`, `tag`, and the list-row
    /// modifiers): moved onto a container they would mean something else, so a Group carrying
    /// one is not replaced by a container — a list-row modifier only where the Group is a row.
    public static func isMemberScoped(_ name: String) -> Bool {
        ["id", "transition", "matchedGeometryEffect", "zIndex", "tag"].contains(name) || isListRow(name)
    }

    /// The modifiers that configure a row of a `List` (`listRow…`, `swipeActions`): they act on
    /// each member only where the members are rows; on a Group that is a screen or a part of
    /// one, the one view that shows is configured the same on a container.
    public static func isListRow(_ name: String) -> Bool {
        name == "swipeActions" || name.hasPrefix("listRow")
    }

    /// Modifiers that present or navigate from the view they are on (`sheet`, `alert`,
    /// `navigationDestination`, `navigationTitle`, `toolbar`, `searchable`, `refreshable`, …):
    /// copied onto each member they would be installed once per member, which a reviewer has to
    /// reason about screen by screen.
    public static func isPresentationOrNavigation(_ name: String) -> Bool {
        presentationNames.contains(name)
            || ["navigation", "toolbar", "search", "presentation", "inspector", "file"].contains { name.hasPrefix($0) }
    }

    /// `environment(…)`, `environmentObject(…)` and the like: they hand one value down to every
    /// view under them, so each member given a copy reads the same value — neither presenting
    /// nor acting on a member, and no obstacle to distributing.
    public static func isEnvironment(_ name: String) -> Bool {
        name.hasPrefix("environment")
    }

    private static let presentationNames: Set<String> = [
        "sheet", "fullScreenCover", "popover", "alert", "confirmationDialog", "actionSheet", "refreshable",
        "photosPicker", "interactiveDismissDisabled", "userActivity", "handlesExternalEvents", "statusBarHidden",
        "statusBar", "focusedValue", "focusedSceneValue", "focusedObject", "focusedSceneObject",
        "preferredColorScheme",
    ]

    /// True for a modifier SwiftUI itself declares and the tool knows what it does. Anything else —
    /// a project's own `.injectTabDestinations(…)`, `.onFirstAppear { }`, a library's `.toast(…)` —
    /// may present, navigate or run work, so a chain holding one is not copied onto members.
    public static func isKnown(_ name: String) -> Bool {
        knownNames.contains(name) || isPresentationOrNavigation(name) || isEnvironment(name)
            || name.hasPrefix("accessibility") || isListRow(name)
    }

    /// SwiftUI's view modifiers that only style, lay out, identify or animate the view they are
    /// on, or run an action of that view; kept as an explicit list on purpose.
    private static let knownNames: Set<String> = [
        // Lifecycle and events.
        "onAppear", "onDisappear", "task", "onChange", "onReceive", "onTapGesture", "onLongPressGesture",
        "onHover", "onContinuousHover", "onSubmit", "onDrag", "onDrop", "onOpenURL", "onContinueUserActivity",
        "onKeyPress", "onGeometryChange", "onScrollGeometryChange", "onScrollVisibilityChange",
        "onScrollPhaseChange", "onPreferenceChange", "onMoveCommand", "onExitCommand", "onDeleteCommand",
        "onCopyCommand", "onCutCommand", "onPasteCommand", "onCommand", "onPlayPauseCommand", "onDelete",
        "onMove", "onInsert", "gesture", "simultaneousGesture", "highPriorityGesture", "sensoryFeedback",
        // Identity, place and animation.
        "id", "tag", "transition", "matchedGeometryEffect", "zIndex", "swipeActions", "animation",
        "transaction", "contentTransition", "geometryGroup", "drawingGroup", "compositingGroup",
        // Layout.
        "padding", "frame", "fixedSize", "layoutPriority", "offset", "position", "aspectRatio", "scaledToFit",
        "scaledToFill", "alignmentGuide", "ignoresSafeArea", "edgesIgnoringSafeArea", "safeAreaInset",
        "safeAreaPadding", "containerRelativeFrame", "coordinateSpace", "gridCellColumns", "gridCellAnchor",
        "gridColumnAlignment", "gridCellUnsizedAxes",
        // Text and symbols.
        "font", "fontWeight", "fontDesign", "fontWidth", "bold", "italic", "monospaced", "monospacedDigit",
        "underline", "strikethrough", "kerning", "tracking", "baselineOffset", "lineLimit", "lineSpacing",
        "multilineTextAlignment", "minimumScaleFactor", "truncationMode", "textCase", "textSelection",
        "allowsTightening", "symbolRenderingMode", "symbolVariant", "symbolEffect", "imageScale", "dynamicTypeSize",
        // Drawing.
        "foregroundColor", "foregroundStyle", "tint", "accentColor", "background", "backgroundStyle", "overlay",
        "border", "cornerRadius", "clipShape", "clipped", "mask", "shadow", "opacity", "blur", "brightness",
        "contrast", "saturation", "grayscale", "colorMultiply", "colorInvert", "hueRotation", "blendMode",
        "luminanceToAlpha", "rotationEffect", "rotation3DEffect", "scaleEffect", "containerShape", "contentShape",
        "hoverEffect", "redacted", "unredacted", "privacySensitive", "hidden", "colorScheme",
        "containerBackground",
        // Controls.
        "labelStyle", "buttonStyle", "toggleStyle", "pickerStyle", "textFieldStyle", "listStyle",
        "progressViewStyle", "datePickerStyle", "menuStyle", "gaugeStyle", "groupBoxStyle", "formStyle",
        "tabViewStyle", "indexViewStyle", "controlSize", "buttonBorderShape", "labelsHidden", "disabled",
        "allowsHitTesting", "help", "keyboardShortcut", "keyboardType", "textContentType",
        "textInputAutocapitalization", "autocapitalization", "autocorrectionDisabled", "disableAutocorrection",
        "submitLabel", "focused", "focusable", "focusSection", "defaultFocus", "badge", "contextMenu", "draggable",
        "dropDestination", "deleteDisabled", "moveDisabled", "selectionDisabled", "menuIndicator",
        // Scrolling and lists.
        "scrollContentBackground", "scrollDisabled", "scrollIndicators", "scrollPosition", "scrollTargetLayout",
        "scrollTargetBehavior", "scrollDismissesKeyboard", "scrollClipDisabled", "scrollBounceBehavior",
        "listSectionSeparator", "listSectionSpacing", "listItemTint", "headerProminence",
        // Preferences.
        "preference", "anchorPreference", "transformPreference",
    ]
}
