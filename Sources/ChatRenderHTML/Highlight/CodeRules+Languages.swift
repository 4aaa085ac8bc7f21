/// The programming languages the ``CodeScanner`` reads: each its words and its rules.
extension CodeRules {
    static let python = CodeRules(
        words: WordTable(
            [
                (
                    .keyword,
                    "and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield match case type self cls"
                ),
                (.constant, "True False None NotImplemented Ellipsis __name__ __file__"),
                (.type, "int float str bytes bool list dict set tuple object complex frozenset bytearray"),
                (.function, "print len range open isinstance super"),
            ], functionIntroducers: "def", typeIntroducers: "class"),
        slashComments: false, hashComments: true, blockComments: false,
        tripleQuotes: true, prefixes: .python, decorators: true)

    private static let jsKeywords =
        "async await break case catch class const continue debugger default delete do else export extends finally for from function if import in instanceof let new of return static super switch this throw try typeof var void while with yield get set as"
    private static let jsConstants = "true false null undefined NaN Infinity"

    static let javaScript = CodeRules(
        words: WordTable(
            [(.keyword, jsKeywords), (.constant, jsConstants)],
            functionIntroducers: "function", typeIntroducers: "class extends"),
        backtick: .template, decorators: true, regexLiterals: true, dollarNames: true, jsx: true)

    static let typeScript = CodeRules(
        words: WordTable(
            [
                (
                    .keyword,
                    jsKeywords
                        + " interface type enum implements namespace declare abstract readonly private protected public keyof infer is satisfies module override asserts unique"
                ),
                (.constant, jsConstants),
                (.type, "string number boolean any unknown never void object symbol bigint"),
            ], functionIntroducers: "function", typeIntroducers: "class interface type enum extends implements namespace"),
        backtick: .template, decorators: true, regexLiterals: true, dollarNames: true, jsx: true)

    static let swift = CodeRules(
        words: WordTable(
            [
                (
                    .keyword,
                    "actor any as associatedtype async await borrowing break case catch class consuming continue convenience default defer deinit didSet do dynamic else enum extension fallthrough fileprivate final for func get guard if import in indirect infix init inout internal is isolated lazy let macro mutating nonisolated nonmutating open operator optional override package postfix precedencegroup prefix private protocol public repeat required rethrows return sending set some static struct subscript super switch throw throws try typealias unowned var weak where while willSet self Self Type"
                ),
                (.constant, "true false nil"),
                (.type, "Int Int8 Int16 Int32 Int64 UInt UInt8 UInt16 UInt32 UInt64 Double Float Bool String Character Void Never Any AnyObject"),
            ], functionIntroducers: "func", typeIntroducers: "class struct enum protocol extension actor typealias associatedtype"),
        nestedComments: true, singleQuote: .none, multilineStrings: false, tripleQuotes: true, interpolation: .backslashParen,
        hashRawStrings: true, decorators: true)

    static let rust = CodeRules(
        words: WordTable(
            [
                (
                    .keyword,
                    "as async await break const continue crate dyn else enum extern fn for if impl in let loop match mod move mut pub ref return self Self static struct super trait type union unsafe use where while yield macro_rules"
                ),
                (.constant, "true false None Some Ok Err"),
                (.type, "i8 i16 i32 i64 i128 isize u8 u16 u32 u64 u128 usize f32 f64 bool char str String Vec Option Result Box"),
            ], functionIntroducers: "fn", typeIntroducers: "struct enum trait type union impl"),
        nestedComments: true, singleQuote: .charOrLifetime, multilineStrings: true, prefixes: .rust,
        hashAttributes: true, macros: true)

    static let go = CodeRules(
        words: WordTable(
            [
                (
                    .keyword,
                    "break case chan const continue default defer else fallthrough for func go goto if import interface map package range return select struct switch type var"
                ),
                (.constant, "true false nil iota"),
                (
                    .type,
                    "bool byte complex64 complex128 error float32 float64 int int8 int16 int32 int64 rune string uint uint8 uint16 uint32 uint64 uintptr any comparable"
                ),
                (.function, "append cap clear close copy delete len make max min new panic print println recover"),
            ], functionIntroducers: "func", typeIntroducers: "type"),
        backtick: .raw)

    private static let cKeywords =
        "auto break case const continue default do else enum extern for goto if inline register restrict return sizeof static struct switch typedef union volatile while _Alignas _Alignof _Atomic _Bool _Complex _Generic _Noreturn _Static_assert _Thread_local"
    private static let cTypes =
        "char double float int long short signed unsigned void size_t ssize_t int8_t int16_t int32_t int64_t uint8_t uint16_t uint32_t uint64_t intptr_t uintptr_t bool FILE"

    static let c = CodeRules(
        words: WordTable(
            [(.keyword, cKeywords), (.constant, "NULL true false EOF stdin stdout stderr"), (.type, cTypes)],
            typeIntroducers: "struct enum union"),
        prefixes: .cpp, preprocessor: true, capitalisedTypes: false)

    static let cpp = CodeRules(
        words: WordTable(
            [
                (
                    .keyword,
                    cKeywords
                        + " alignas alignof and and_eq asm catch class co_await co_return co_yield concept consteval constexpr constinit const_cast decltype delete dynamic_cast explicit export final friend mutable namespace new noexcept not not_eq operator or or_eq override private protected public reinterpret_cast requires static_assert static_cast template this thread_local throw try typeid typename using virtual xor"
                ),
                (.constant, "NULL nullptr true false"),
                (.type, cTypes + " wchar_t char8_t char16_t char32_t string vector map unordered_map set unique_ptr shared_ptr optional"),
            ], typeIntroducers: "struct enum union class namespace concept"),
        prefixes: .cpp, preprocessor: true, capitalisedTypes: false)

    static let java = CodeRules(
        words: WordTable(
            [
                (
                    .keyword,
                    "abstract assert break case catch class continue default do else enum extends final finally for if implements import instanceof interface native new package permits private protected public record return sealed static strictfp super switch synchronized this throw throws transient try var volatile while yield"
                ),
                (.constant, "true false null"),
                (.type, "boolean byte char double float int long short void String Object Integer Long Double Boolean List Map Set"),
            ], typeIntroducers: "class interface enum record extends implements"),
        tripleQuotes: true, decorators: true)

    static let kotlin = CodeRules(
        words: WordTable(
            [
                (
                    .keyword,
                    "abstract actual annotation as break by catch class companion const constructor continue crossinline data do else enum expect external final finally for fun get if import in infix init inline inner interface internal is lateinit noinline object open operator out override package private protected public reified return sealed set super suspend tailrec this throw try typealias val value var vararg when where while"
                ),
                (.constant, "true false null"),
                (.type, "Any Boolean Byte Char Double Float Int Long Nothing Short String Unit List Map Set Array"),
            ], functionIntroducers: "fun", typeIntroducers: "class interface object typealias"),
        nestedComments: true, tripleQuotes: true, backtick: .name, interpolation: .dollar, decorators: true)

    static let ruby = CodeRules(
        words: WordTable(
            [
                (
                    .keyword,
                    "BEGIN END alias and begin break case class def defined? do else elsif end ensure for if in module next not or redo rescue retry return self super then undef unless until when while yield require require_relative include extend attr_accessor attr_reader attr_writer private protected public raise lambda proc"
                ),
                (.constant, "true false nil __FILE__ __LINE__ __method__"),
                (.function, "puts print p"),
            ], functionIntroducers: "def", typeIntroducers: "class module"),
        slashComments: false, hashComments: true, blockComments: false, multilineStrings: true,
        interpolation: .hashBrace, regexLiterals: true, ruby: true)

    static let php = CodeRules(
        words: WordTable(
            [
                (
                    .keyword,
                    "abstract and as break callable case catch class clone const continue declare default do echo else elseif empty enddeclare endfor endforeach endif endswitch endwhile enum extends final finally fn for foreach function global goto if implements include include_once instanceof insteadof interface isset list match namespace new or print private protected public readonly require require_once return static switch throw trait try unset use var while xor yield $this self parent"
                ),
                (.constant, "true false null TRUE FALSE NULL __CLASS__ __DIR__ __FILE__ __FUNCTION__ __LINE__ __METHOD__ __NAMESPACE__"),
                (.type, "array bool float int mixed object string void never iterable"),
            ], ignoresCase: false),
        hashComments: true, multilineStrings: true, interpolation: .dollar, hashAttributes: true,
        dollarNames: true, phpTags: true)

    static let sql = CodeRules(
        words: WordTable(
            [
                (
                    .keyword,
                    "add all alter and any as asc begin between by case cascade check column commit constraint create cross database default delete desc distinct drop else end escape except exists explain foreign from full function grant group having if in index inner insert intersect into is join key left like limit natural not offset on or order outer over partition primary procedure references returning revoke right rollback row rows select set table then to transaction trigger truncate union unique update using values view when where window with recursive replace temporary temp materialized lateral filter conflict do nothing"
                ),
                (.constant, "null true false current_date current_time current_timestamp"),
                (
                    .type,
                    "int integer smallint bigint decimal numeric real float double precision serial bigserial boolean bool char varchar text date time timestamp timestamptz interval uuid json jsonb blob bytea"
                ),
            ], ignoresCase: true),
        slashComments: false, dashComments: true, multilineStrings: true, backtick: .name, capitalisedTypes: false)
}
