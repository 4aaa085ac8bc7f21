/// The commands of TeX math that stand for one character, and what each becomes in MathML:
/// the letters and letter-like symbols an identifier (`<mi>`), the rest an operator (`<mo>`).
/// Covers the Greek alphabet and the common symbols of plain TeX, amsmath and amssymb.
enum TeXSymbols {
    /// Letter-like commands: `<mi>`.
    static let identifiers: [String: String] = [
        // Greek, lower case and the variant forms.
        "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ϵ", "varepsilon": "ε",
        "zeta": "ζ", "eta": "η", "theta": "θ", "vartheta": "ϑ", "iota": "ι", "kappa": "κ",
        "varkappa": "ϰ", "lambda": "λ", "mu": "μ", "nu": "ν", "xi": "ξ", "omicron": "ο", "pi": "π",
        "varpi": "ϖ", "rho": "ρ", "varrho": "ϱ", "sigma": "σ", "varsigma": "ς", "tau": "τ",
        "upsilon": "υ", "phi": "ϕ", "varphi": "φ", "chi": "χ", "psi": "ψ", "omega": "ω", "digamma": "ϝ",
        // Greek, upper case (upright in TeX) and the italic variants of amsmath.
        "Gamma": "Γ", "Delta": "Δ", "Theta": "Θ", "Lambda": "Λ", "Xi": "Ξ", "Pi": "Π", "Sigma": "Σ",
        "Upsilon": "Υ", "Phi": "Φ", "Psi": "Ψ", "Omega": "Ω",
        "varGamma": "𝛤", "varDelta": "𝛥", "varTheta": "𝛩", "varLambda": "𝛬", "varXi": "𝛯", "varPi": "𝛱",
        "varSigma": "𝛴", "varUpsilon": "𝛶", "varPhi": "𝛷", "varPsi": "𝛹", "varOmega": "𝛺",
        // Letter-like symbols.
        "infty": "∞", "partial": "∂", "nabla": "∇", "hbar": "ℏ", "hslash": "ℏ", "ell": "ℓ", "wp": "℘",
        "Re": "ℜ", "Im": "ℑ", "aleph": "ℵ", "beth": "ℶ", "gimel": "ℷ", "emptyset": "∅", "varnothing": "⌀",
        "imath": "ı", "jmath": "ȷ", "eth": "ð", "mho": "℧", "Finv": "Ⅎ", "complement": "∁",
        "angle": "∠", "measuredangle": "∡", "triangle": "△", "square": "□", "Box": "□", "blacksquare": "■",
        "lozenge": "◊", "blacklozenge": "⧫", "bigstar": "★", "checkmark": "✓", "clubsuit": "♣",
        "diamondsuit": "♢", "heartsuit": "♡", "spadesuit": "♠", "flat": "♭", "natural": "♮", "sharp": "♯",
        "degree": "°", "prime": "′", "backprime": "‵", "top": "⊤", "bot": "⊥", "dag": "†", "ddag": "‡",
        "S": "§", "P": "¶", "copyright": "©", "pounds": "£", "yen": "¥", "euro": "€",
    ]

    /// Operator-like commands: `<mo>`.
    static let operators: [String: String] = [
        // Binary operators.
        "pm": "±", "mp": "∓", "times": "×", "div": "÷", "cdot": "⋅", "cdotp": "⋅", "centerdot": "⋅",
        "ast": "∗", "star": "⋆", "circ": "∘", "bullet": "∙", "oplus": "⊕", "ominus": "⊖", "otimes": "⊗",
        "oslash": "⊘", "odot": "⊙", "circledast": "⊛", "circledcirc": "⊚", "boxplus": "⊞", "boxminus": "⊟",
        "boxtimes": "⊠", "boxdot": "⊡", "cup": "∪", "cap": "∩", "uplus": "⊎", "sqcup": "⊔", "sqcap": "⊓",
        "vee": "∨", "lor": "∨", "wedge": "∧", "land": "∧", "setminus": "∖", "smallsetminus": "∖",
        "wr": "≀", "diamond": "⋄", "bigtriangleup": "△", "bigtriangledown": "▽", "triangleleft": "◁",
        "triangleright": "▷", "lhd": "⊲", "rhd": "⊳", "unlhd": "⊴", "unrhd": "⊵", "amalg": "⨿",
        "dagger": "†", "ddagger": "‡", "intercal": "⊺", "barwedge": "⊼", "veebar": "⊻", "ltimes": "⋉",
        "rtimes": "⋊", "divideontimes": "⋇", "dotplus": "∔", "curlyvee": "⋎", "curlywedge": "⋏",
        // Relations.
        "le": "≤", "leq": "≤", "ge": "≥", "geq": "≥", "leqslant": "⩽", "geqslant": "⩾", "ne": "≠", "neq": "≠",
        "lt": "<", "gt": ">", "ll": "≪", "gg": "≫", "lll": "⋘", "ggg": "⋙", "approx": "≈", "approxeq": "≊",
        "sim": "∼", "simeq": "≃", "cong": "≅", "equiv": "≡", "propto": "∝", "varpropto": "∝", "asymp": "≍",
        "doteq": "≐", "doteqdot": "≑", "triangleq": "≜", "coloneqq": "≔", "eqqcolon": "≕", "coloneq": "≔",
        "eqsim": "≂", "backsim": "∽", "thicksim": "∼", "thickapprox": "≈", "bumpeq": "≏", "Bumpeq": "≎",
        "lesssim": "≲", "gtrsim": "≳", "lessapprox": "⪅", "gtrapprox": "⪆", "lessgtr": "≶", "gtrless": "≷",
        "prec": "≺", "succ": "≻", "preceq": "⪯", "succeq": "⪰", "precsim": "≾", "succsim": "≿",
        "in": "∈", "ni": "∋", "owns": "∋", "notin": "∉", "subset": "⊂", "supset": "⊃", "subseteq": "⊆",
        "supseteq": "⊇", "subsetneq": "⊊", "supsetneq": "⊋", "nsubseteq": "⊈", "nsupseteq": "⊉",
        "sqsubset": "⊏", "sqsupset": "⊐", "sqsubseteq": "⊑", "sqsupseteq": "⊒", "Subset": "⋐", "Supset": "⋑",
        "perp": "⊥", "parallel": "∥", "nparallel": "∦", "mid": "∣", "nmid": "∤", "shortmid": "∣",
        "vdash": "⊢", "dashv": "⊣", "models": "⊨", "vDash": "⊨", "Vdash": "⊩", "nvdash": "⊬", "nvDash": "⊭",
        "smile": "⌣", "frown": "⌢", "bowtie": "⋈", "Join": "⋈", "nless": "≮", "ngtr": "≯", "nleq": "≰",
        "ngeq": "≱", "nsim": "≁", "ncong": "≇", "nequiv": "≢", "lneq": "⪇", "gneq": "⪈", "lneqq": "≨",
        "gneqq": "≩", "leqq": "≦", "geqq": "≧", "therefore": "∴", "because": "∵", "between": "≬",
        "pitchfork": "⋔", "vartriangleleft": "⊲", "vartriangleright": "⊳", "trianglelefteq": "⊴",
        "trianglerighteq": "⊵",
        // Arrows.
        "to": "→", "rightarrow": "→", "leftarrow": "←", "gets": "←", "leftrightarrow": "↔",
        "Rightarrow": "⇒", "Leftarrow": "⇐", "Leftrightarrow": "⇔", "iff": "⟺", "implies": "⟹",
        "impliedby": "⟸", "longrightarrow": "⟶", "longleftarrow": "⟵", "longleftrightarrow": "⟷",
        "Longrightarrow": "⟹", "Longleftarrow": "⟸", "Longleftrightarrow": "⟺", "mapsto": "↦",
        "longmapsto": "⟼", "uparrow": "↑", "downarrow": "↓", "updownarrow": "↕", "Uparrow": "⇑",
        "Downarrow": "⇓", "Updownarrow": "⇕", "nearrow": "↗", "searrow": "↘", "swarrow": "↙", "nwarrow": "↖",
        "hookrightarrow": "↪", "hookleftarrow": "↩", "rightharpoonup": "⇀", "rightharpoondown": "⇁",
        "leftharpoonup": "↼", "leftharpoondown": "↽", "rightleftharpoons": "⇌", "leftrightharpoons": "⇋",
        "leadsto": "⇝", "rightsquigarrow": "⇝", "twoheadrightarrow": "↠", "twoheadleftarrow": "↞",
        "rightarrowtail": "↣", "leftarrowtail": "↢", "curvearrowright": "↷", "curvearrowleft": "↶",
        "circlearrowright": "↻", "circlearrowleft": "↺", "rightrightarrows": "⇉", "leftleftarrows": "⇇",
        "rightleftarrows": "⇄", "leftrightarrows": "⇆", "Rrightarrow": "⇛", "Lleftarrow": "⇚",
        "nrightarrow": "↛", "nleftarrow": "↚", "nRightarrow": "⇏", "nLeftarrow": "⇍", "nLeftrightarrow": "⇎",
        "upuparrows": "⇈", "downdownarrows": "⇊", "restriction": "↾", "multimap": "⊸",
        // Logic and other operators.
        "forall": "∀", "exists": "∃", "nexists": "∄", "neg": "¬", "lnot": "¬", "colon": ":",
        "ldots": "…", "dots": "…", "dotsc": "…", "dotso": "…", "mathellipsis": "…", "cdots": "⋯",
        "dotsb": "⋯", "dotsm": "⋯", "dotsi": "⋯", "vdots": "⋮", "ddots": "⋱", "iddots": "⋰",
        "surd": "√", "sphericalangle": "∢", "diagup": "╱", "diagdown": "╲",
    ]

    /// Large operators whose limits go under and over (`\sum_{i=1}^n`), set at the side inline.
    static let largeOperators: [String: String] = [
        "sum": "∑", "prod": "∏", "coprod": "∐", "bigcup": "⋃", "bigcap": "⋂", "bigsqcup": "⨆",
        "bigvee": "⋁", "bigwedge": "⋀", "bigoplus": "⨁", "bigotimes": "⨂", "bigodot": "⨀", "biguplus": "⨄",
    ]

    /// Integrals: large, but their limits sit at the side unless `\limits` asks otherwise.
    static let integrals: [String: String] = [
        "int": "∫", "iint": "∬", "iiint": "∭", "iiiint": "⨌", "oint": "∮", "oiint": "∯", "oiiint": "∰",
        "intop": "∫", "smallint": "∫",
    ]

    /// Function names set upright (`\sin x`), limits at the side.
    static let functions: Set<String> = [
        "sin", "cos", "tan", "cot", "sec", "csc", "arcsin", "arccos", "arctan", "arccot", "sinh", "cosh",
        "tanh", "coth", "sech", "csch", "log", "ln", "lg", "exp", "ker", "dim", "hom", "arg", "deg", "sgn",
        "Tr", "tr", "rank", "span", "erf", "Res", "Var", "Cov", "diag",
    ]

    /// Function names whose limits go under (`\lim_{x\to 0}`, `\max_{i}`).
    static let limitFunctions: [String: String] = [
        "lim": "lim", "limsup": "lim sup", "liminf": "lim inf", "max": "max", "min": "min", "sup": "sup",
        "inf": "inf", "det": "det", "gcd": "gcd", "Pr": "Pr", "argmax": "arg max", "argmin": "arg min",
    ]

    /// Delimiters after `\left`, `\right`, `\big` and the like, by command name.
    static let delimiterCommands: [String: String] = [
        "{": "{", "}": "}", "lbrace": "{", "rbrace": "}", "|": "‖", "Vert": "‖", "lVert": "‖", "rVert": "‖",
        "vert": "|", "lvert": "|", "rvert": "|", "langle": "⟨", "rangle": "⟩", "lfloor": "⌊", "rfloor": "⌋",
        "lceil": "⌈", "rceil": "⌉", "lbrack": "[", "rbrack": "]", "backslash": "∖", "uparrow": "↑",
        "downarrow": "↓", "updownarrow": "↕", "Uparrow": "⇑", "Downarrow": "⇓", "Updownarrow": "⇕",
        "lgroup": "⟮", "rgroup": "⟯", "llbracket": "⟦", "rrbracket": "⟧", "lmoustache": "⎰", "rmoustache": "⎱",
    ]

    /// Delimiter characters as written.
    static let delimiterCharacters: [Unicode.Scalar: String] = [
        "(": "(", ")": ")", "[": "[", "]": "]", "|": "|", "/": "/", "<": "⟨", ">": "⟩",
    ]

    /// Accents over their argument: the character and whether it stretches to the argument's width.
    static let accents: [String: (character: String, stretchy: Bool)] = [
        "hat": ("^", false), "widehat": ("^", true), "check": ("ˇ", false), "widecheck": ("ˇ", true),
        "tilde": ("~", false), "widetilde": ("~", true), "bar": ("‾", false), "overline": ("‾", true),
        "vec": ("→", false), "overrightarrow": ("→", true), "overleftarrow": ("←", true),
        "overleftrightarrow": ("↔", true), "dot": ("˙", false), "ddot": ("¨", false), "dddot": ("⃛", false),
        "acute": ("´", false), "grave": ("`", false), "breve": ("˘", false), "mathring": ("˚", false),
        "overbrace": ("⏞", true), "overparen": ("⏜", true), "overbracket": ("⎴", true),
    ]

    /// Accents under their argument.
    static let underAccents: [String: (character: String, stretchy: Bool)] = [
        "underline": ("_", true), "underbrace": ("⏟", true), "underparen": ("⏝", true),
        "underbracket": ("⎵", true), "underrightarrow": ("→", true), "underleftarrow": ("←", true),
        "underleftrightarrow": ("↔", true), "utilde": ("~", true),
    ]

    /// Horizontal space commands and their widths.
    static let spaces: [String: String] = [
        ",": "0.1667em", "thinspace": "0.1667em", ":": "0.2222em", ">": "0.2222em", "medspace": "0.2222em",
        ";": "0.2778em", "thickspace": "0.2778em", "quad": "1em", "qquad": "2em", " ": "0.25em",
        "enspace": "0.5em", "!": "-0.1667em", "negthinspace": "-0.1667em", "negmedspace": "-0.2222em",
        "negthickspace": "-0.2778em",
    ]

    /// `\big` and its kin: the height their delimiter is drawn at.
    static let bigSizes: [String: String] = [
        "big": "1.2em", "bigl": "1.2em", "bigr": "1.2em", "bigm": "1.2em",
        "Big": "1.623em", "Bigl": "1.623em", "Bigr": "1.623em", "Bigm": "1.623em",
        "bigg": "2.047em", "biggl": "2.047em", "biggr": "2.047em", "biggm": "2.047em",
        "Bigg": "2.470em", "Biggl": "2.470em", "Biggr": "2.470em", "Biggm": "2.470em",
    ]

    /// What `\not` makes of a relation that has a negated character of its own.
    static let negations: [String: String] = [
        "=": "≠", "<": "≮", ">": "≯", "≤": "≰", "≥": "≱", "∈": "∉", "∋": "∌", "⊂": "⊄", "⊃": "⊅", "⊆": "⊈",
        "⊇": "⊉", "≡": "≢", "∼": "≁", "≃": "≄", "≅": "≇", "≈": "≉", "∣": "∤", "∥": "∦", "≺": "⊀", "≻": "⊁",
        "→": "↛", "←": "↚", "⇒": "⇏", "⇐": "⇍", "⇔": "⇎", "∃": "∄", "⊢": "⊬", "⊨": "⊭",
    ]

    /// Escaped characters that stand for themselves.
    static let escapedCharacters: [String: (character: String, isOperator: Bool)] = [
        "{": ("{", true), "}": ("}", true), "%": ("%", true), "&": ("&", true), "#": ("#", false),
        "$": ("$", false), "_": ("_", false),
    ]
}
