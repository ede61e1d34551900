/// `number` and `noun`, with an `s` unless the number is one: "1 file", "3 sites", "0 rewrites".
public func counted(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
}
