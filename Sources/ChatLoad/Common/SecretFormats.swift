/// The token formats `--redact` knows by shape: the prefixes, alphabets, lengths and checks that
/// their issuers publish and that secret scanners look for (gitleaks' default rules, detect-secrets'
/// plugins). Each is a fact about a format, written here as data; a format found wherever it stands
/// (prose, `KEY=value`, JSON, a URL, a header) is masked.
///
/// Keys that only a neighbouring word gives away (gitleaks' many "SERVICE … = 32 hex" rules) are
/// not here: they are masked by their key's name (``RedactionRules``).
enum SecretFormats {
    typealias F = SecretFormat

    static let all: [SecretFormat] = cloud + sourceHosting + chat + ai + payments + developerTools + more + keys

    static let cloud: [SecretFormat] = [
        F("AWS access key ID", .apiKey, [.literal(Array("AKIA".utf8)), .run(.upperDigits, min: 16, max: 16)]),
        F("AWS temporary access key ID", .apiKey, [.literal(Array("ASIA".utf8)), .run(.upperDigits, min: 16, max: 16)]),
        F("AWS access key ID", .apiKey, [.literal(Array("ABIA".utf8)), .run(.upperDigits, min: 16, max: 16)]),
        F("AWS access key ID", .apiKey, [.literal(Array("ACCA".utf8)), .run(.upperDigits, min: 16, max: 16)]),
        F("AWS access key ID", .apiKey, [.literal(Array("A3T".utf8)), .run(.upperDigits, min: 17, max: 17)]),
        F("Amazon Bedrock API key", .apiKey, [.literal(Array("ABSK".utf8)), .run(.base64, min: 109, max: 269), .run(ByteClass("="), min: 0, max: 2)]),
        F("Google API key", .apiKey, prefix: "AIza", .wordDash, 35...35),
        F("Google OAuth access token", .accessToken, prefix: "ya29.", .wordDash + ByteClass("."), 20...2048),
        F("Google OAuth client secret", .secret, prefix: "GOCSPX-", .wordDash, 28...28),
        F("Alibaba Cloud access key ID", .apiKey, prefix: "LTAI", .alnum, 20...20),
        F(
            "Azure AD client secret", .secret,
            [
                .run(.word + ByteClass("~."), min: 3, max: 3), .run(.digits, min: 1, max: 1), .literal(Array("Q~".utf8)),
                .run(.wordDash + ByteClass("~."), min: 31, max: 34),
            ]),
        F("DigitalOcean personal access token", .accessToken, prefix: "dop_v1_", .hexLower, 64...64),
        F("DigitalOcean OAuth token", .accessToken, prefix: "doo_v1_", .hexLower, 64...64),
        F("DigitalOcean refresh token", .accessToken, prefix: "dor_v1_", .hexLower, 64...64),
        F(
            "Cloudflare Origin CA key", .apiKey,
            [.literal(Array("v1.0-".utf8)), .run(.hexLower, min: 24, max: 24), .literal(Array("-".utf8)), .run(.hexLower, min: 146, max: 146)]),
        F("Heroku API key", .apiKey, prefix: "HRKU-AA", .wordDash, 58...58),
        F("Fly.io token", .accessToken, prefix: "fo1_", .wordDash, 43...43),
        F("Fly.io macaroon", .accessToken, [.literal(Array("fm1a_".utf8)), .run(.base64, min: 100, max: 4096), .run(ByteClass("="), min: 0, max: 3)]),
        F("Fly.io macaroon", .accessToken, [.literal(Array("fm1r_".utf8)), .run(.base64, min: 100, max: 4096), .run(ByteClass("="), min: 0, max: 3)]),
        F("Fly.io macaroon", .accessToken, [.literal(Array("fm2_".utf8)), .run(.base64, min: 100, max: 4096), .run(ByteClass("="), min: 0, max: 3)]),
        F("HashiCorp Vault service token", .accessToken, prefix: "hvs.", .wordDash, 90...120),
        F("HashiCorp Vault batch token", .accessToken, prefix: "hvb.", .wordDash, 138...300),
        F(
            "Terraform Cloud API token", .apiKey,
            [.run(.alnum, min: 14, max: 14), .literal(Array(".atlasv1.".utf8)), .run(.wordDash + ByteClass("="), min: 60, max: 70)]),
        F("Databricks API token", .apiKey, prefix: "dapi", .hexLower, 32...32),
        F("Doppler token", .apiKey, prefix: "dp.pt.", .alnum, 40...44),
        F("Doppler token", .apiKey, prefix: "dp.st.", .alnum, 40...44),
        F("Doppler token", .apiKey, prefix: "dp.sa.", .alnum, 40...44),
        F("Doppler token", .apiKey, prefix: "dp.ct.", .alnum, 40...44),
        F("PlanetScale token", .apiKey, prefix: "pscale_tkn_", .wordDash + ByteClass("=."), 32...64),
        F("PlanetScale OAuth token", .accessToken, prefix: "pscale_oauth_", .wordDash + ByteClass("=."), 32...64),
        F("PlanetScale password", .databasePassword, prefix: "pscale_pw_", .wordDash + ByteClass("=."), 32...64),
        F("Scalingo API token", .apiKey, prefix: "tk-us-", .wordDash, 48...48),
        F("OpenShift user token", .accessToken, prefix: "sha256~", .wordDash, 43...43),
        F("ClickHouse Cloud API secret", .secret, prefix: "4b1d", .alnum, 38...38),
    ]

    static let sourceHosting: [SecretFormat] = [
        F("GitHub personal access token", .accessToken, prefix: "ghp_", .alnum, 36...36, checksum: .crc32Base62),
        F("GitHub OAuth access token", .accessToken, prefix: "gho_", .alnum, 36...36, checksum: .crc32Base62),
        F("GitHub user-to-server token", .accessToken, prefix: "ghu_", .alnum, 36...36, checksum: .crc32Base62),
        F("GitHub server-to-server token", .accessToken, prefix: "ghs_", .alnum, 36...36, checksum: .crc32Base62),
        F("GitHub refresh token", .accessToken, prefix: "ghr_", .alnum, 36...76, checksum: .crc32Base62),
        F("GitHub fine-grained personal access token", .accessToken, prefix: "github_pat_", .word, 22...255),
        F("GitLab personal access token", .accessToken, prefix: "glpat-", .wordDash, 20...300),
        F(
            "GitLab personal access token", .accessToken,
            [.literal(Array("glpat-".utf8)), .run(.wordDash, min: 27, max: 300), .literal(Array(".".utf8)), .run(.lowerDigits, min: 9, max: 9)]),
        F("GitLab deploy token", .accessToken, prefix: "gldt-", .wordDash, 20...50),
        F("GitLab feed token", .accessToken, prefix: "glft-", .wordDash, 20...50),
        F("GitLab SCIM token", .accessToken, prefix: "glsoat-", .wordDash, 20...50),
        F("GitLab runner token", .accessToken, prefix: "glrt-", .wordDash, 20...300),
        F(
            "GitLab runner token", .accessToken,
            [.literal(Array("glrt-".utf8)), .run(.wordDash, min: 27, max: 300), .literal(Array(".".utf8)), .run(.lowerDigits, min: 9, max: 9)]),
        F("GitLab CI/CD job token", .accessToken, prefix: "glcbt-", .wordDash, 20...60),
        F("GitLab incoming mail token", .accessToken, prefix: "glimt-", .wordDash, 25...25),
        F("GitLab pipeline trigger token", .accessToken, prefix: "glptt-", .wordDash, 40...40),
        F("GitLab agent token", .accessToken, prefix: "glagent-", .wordDash, 50...1024),
        F("GitLab OAuth application secret", .secret, prefix: "gloas-", .wordDash, 64...64),
        F("GitLab feature flags client token", .accessToken, prefix: "glffct-", .wordDash, 20...50),
        F("GitLab runner registration token", .accessToken, prefix: "GR1348941", .wordDash, 20...50),
        F("Atlassian API token", .apiKey, prefix: "ATATT3", .wordDash + ByteClass("="), 186...186),
        F("Sourcegraph access token", .accessToken, prefix: "sgp_", .word, 40...64),
    ]

    static let chat: [SecretFormat] = [
        F("Slack bot token", .accessToken, prefix: "xoxb-", .alnum + ByteClass("-"), 10...300),
        F("Slack user token", .accessToken, prefix: "xoxp-", .alnum + ByteClass("-"), 10...300),
        F("Slack workspace token", .accessToken, prefix: "xoxa-", .alnum + ByteClass("-"), 10...300),
        F("Slack refresh token", .accessToken, prefix: "xoxr-", .alnum + ByteClass("-"), 10...300),
        F("Slack legacy token", .accessToken, prefix: "xoxs-", .alnum + ByteClass("-"), 10...300),
        F("Slack legacy token", .accessToken, prefix: "xoxo-", .alnum + ByteClass("-"), 10...300),
        F("Slack configuration token", .accessToken, prefix: "xoxe.xoxb-", .alnum + ByteClass("-"), 10...300),
        F("Slack configuration token", .accessToken, prefix: "xoxe.xoxp-", .alnum + ByteClass("-"), 10...300),
        F("Slack configuration refresh token", .accessToken, prefix: "xoxe-", .alnum + ByteClass("-"), 10...300),
        F("Slack app-level token", .accessToken, prefix: "xapp-", .alnum + ByteClass("-"), 10...300),
        F("Slack webhook URL", .webhook, prefix: "https://hooks.slack.com/", .wordDash + ByteClass("/+"), 20...160),
        F("Slack webhook URL", .webhook, prefix: "hooks.slack.com/", .wordDash + ByteClass("/+"), 20...160),
        F(
            "Discord webhook URL", .webhook,
            [
                .literal(Array("https://discord.com/api/webhooks/".utf8)), .run(.digits, min: 17, max: 20), .literal(Array("/".utf8)),
                .run(.wordDash, min: 60, max: 72),
            ]),
        F(
            "Discord webhook URL", .webhook,
            [
                .literal(Array("https://discordapp.com/api/webhooks/".utf8)), .run(.digits, min: 17, max: 20), .literal(Array("/".utf8)),
                .run(.wordDash, min: 60, max: 72),
            ]),
        F(
            "Microsoft Teams webhook URL", .webhook,
            [
                .literal(Array("https://".utf8)), .run(.lowerDigits, min: 1, max: 63), .literal(Array(".webhook.office.com/webhook".utf8)),
                .run(.alnum + ByteClass("-@/"), min: 60, max: 400),
            ]),
        F(
            "Discord bot token", .accessToken,
            [
                .run(ByteClass("MNO"), min: 1, max: 1), .run(.wordDash, min: 23, max: 25), .literal(Array(".".utf8)), .run(.wordDash, min: 6, max: 6),
                .literal(Array(".".utf8)), .run(.wordDash, min: 27, max: 38),
            ]),
        F("Telegram bot token", .accessToken, [.run(.digits, min: 8, max: 10), .literal(Array(":".utf8)), .run(.wordDash, min: 35, max: 35)]),
        F("Twilio API key", .apiKey, prefix: "SK", .hex, 32...32),
        F("Twilio account SID", .apiKey, prefix: "AC", .hex, 32...32),
        F(
            "SendGrid API key", .apiKey,
            [.literal(Array("SG.".utf8)), .run(.wordDash, min: 22, max: 22), .literal(Array(".".utf8)), .run(.wordDash, min: 43, max: 43)]),
        F(
            "Brevo (Sendinblue) API key", .apiKey,
            [.literal(Array("xkeysib-".utf8)), .run(.hexLower, min: 64, max: 64), .literal(Array("-".utf8)), .run(.alnum, min: 16, max: 16)]),
        F("Mailchimp API key", .apiKey, [.run(.hexLower, min: 32, max: 32), .literal(Array("-us".utf8)), .run(.digits, min: 1, max: 2)]),
        F("Mailgun API key", .apiKey, prefix: "key-", .hexLower, 32...32),
        F("Facebook page access token", .accessToken, prefix: "EAAC", .alnum, 100...1024),
        F("Facebook page access token", .accessToken, prefix: "EAAM", .alnum, 100...1024),
    ]

    static let ai: [SecretFormat] = [
        F("Anthropic API key", .apiKey, prefix: "sk-ant-api03-", .wordDash, 80...200),
        F("Anthropic admin key", .apiKey, prefix: "sk-ant-admin01-", .wordDash, 80...200),
        F("Anthropic key", .apiKey, prefix: "sk-ant-", .wordDash, 32...300),
        F("OpenAI project key", .apiKey, prefix: "sk-proj-", .wordDash, 40...300),
        F("OpenAI service account key", .apiKey, prefix: "sk-svcacct-", .wordDash, 40...300),
        F("OpenAI admin key", .apiKey, prefix: "sk-admin-", .wordDash, 40...300),
        // The older OpenAI keys and the many services that copied the `sk-` prefix.
        F("API key (sk-)", .apiKey, prefix: "sk-", .wordDash, 20...300, needsDigit: true),
        F("Hugging Face access token", .accessToken, prefix: "hf_", .alnum, 30...40),
        F("Hugging Face organization token", .apiKey, prefix: "api_org_", .alnum, 30...40),
        F("Perplexity API key", .apiKey, prefix: "pplx-", .alnum, 48...48),
        F("Replicate API token", .apiKey, prefix: "r8_", .alnum, 37...40),
        F("Groq API key", .apiKey, prefix: "gsk_", .alnum, 52...52),
        F("xAI API key", .apiKey, prefix: "xai-", .alnum, 80...80),
    ]

    static let payments: [SecretFormat] = [
        F("Stripe secret key", .apiKey, prefix: "sk_live_", .alnum, 16...247),
        F("Stripe test secret key", .apiKey, prefix: "sk_test_", .alnum, 16...247),
        F("Stripe restricted key", .apiKey, prefix: "rk_live_", .alnum, 16...247),
        F("Stripe test restricted key", .apiKey, prefix: "rk_test_", .alnum, 16...247),
        F("Stripe secret key", .apiKey, prefix: "sk_prod_", .alnum, 16...247),
        F("Stripe webhook secret", .secret, prefix: "whsec_", .alnum, 32...100),
        F("Square access token", .accessToken, prefix: "sq0atp-", .wordDash, 22...60),
        F("Square OAuth secret", .secret, prefix: "sq0csp-", .wordDash, 43...43),
        F("Square access token", .accessToken, prefix: "EAAA", .wordDash, 60...60),
        F("Shopify access token", .accessToken, prefix: "shpat_", .hex, 32...32),
        F("Shopify custom app token", .accessToken, prefix: "shpca_", .hex, 32...32),
        F("Shopify private app token", .accessToken, prefix: "shppa_", .hex, 32...32),
        F("Shopify shared secret", .secret, prefix: "shpss_", .hex, 32...32),
        F("Flutterwave secret key", .apiKey, [.literal(Array("FLWSECK_TEST-".utf8)), .run(.hex, min: 32, max: 32), .literal(Array("-X".utf8))]),
        F("Flutterwave secret key", .apiKey, [.literal(Array("FLWSECK-".utf8)), .run(.hex, min: 32, max: 32), .literal(Array("-X".utf8))]),
        F("Flutterwave encryption key", .apiKey, prefix: "FLWSECK_TEST", .hex, 12...12),
        F("Shippo API token", .apiKey, prefix: "shippo_live_", .hex, 40...40),
        F("Shippo test API token", .apiKey, prefix: "shippo_test_", .hex, 40...40),
        F("Duffel API token", .apiKey, prefix: "duffel_live_", .wordDash + ByteClass("="), 43...43),
        F("Duffel test API token", .apiKey, prefix: "duffel_test_", .wordDash + ByteClass("="), 43...43),
        F("EasyPost API key", .apiKey, prefix: "EZAK", .alnum, 54...54),
        F("EasyPost test API key", .apiKey, prefix: "EZTK", .alnum, 54...54),
    ]

    static let developerTools: [SecretFormat] = [
        F("npm access token", .accessToken, prefix: "npm_", .alnum, 36...36, checksum: .crc32Base62),
        F("PyPI upload token", .apiKey, prefix: "pypi-AgEIcHlwaS5vcmc", .wordDash, 50...1000),
        F("TestPyPI upload token", .apiKey, prefix: "pypi-AgENdGVzdC5weXBpLm9yZw", .wordDash, 50...1000),
        F("RubyGems API key", .apiKey, prefix: "rubygems_", .hexLower, 48...48),
        F("Clojars token", .apiKey, prefix: "CLOJARS_", .alnum, 60...60),
        F("Artifactory API key", .apiKey, prefix: "AKCp", .alnum, 69...69),
        F("Artifactory reference token", .apiKey, prefix: "cmVmd", .alnum, 59...59),
        F("Postman API key", .apiKey, [.literal(Array("PMAK-".utf8)), .run(.hex, min: 24, max: 24), .literal(Array("-".utf8)), .run(.hex, min: 34, max: 34)]),
        F("Linear API key", .apiKey, prefix: "lin_api_", .alnum, 40...40),
        F("Notion API token", .apiKey, prefix: "ntn_", .alnum, 46...46),
        F("Notion integration secret", .secret, prefix: "secret_", .alnum, 43...43),
        F("Sentry user token", .accessToken, prefix: "sntryu_", .hexLower, 64...64),
        F("Sentry organization token", .accessToken, prefix: "sntrys_eyJ", .base64 + ByteClass("=_"), 60...600),
        F("Grafana Cloud token", .apiKey, [.literal(Array("glc_".utf8)), .run(.base64, min: 32, max: 400), .run(ByteClass("="), min: 0, max: 3)]),
        F(
            "Grafana service account token", .apiKey,
            [.literal(Array("glsa_".utf8)), .run(.alnum, min: 32, max: 32), .literal(Array("_".utf8)), .run(.hex, min: 8, max: 8)]),
        F("Grafana API key", .apiKey, prefix: "eyJrIjoi", .alnum + ByteClass("="), 70...400),
        F(
            "Dynatrace API token", .apiKey,
            [.literal(Array("dt0c01.".utf8)), .run(.alnum, min: 24, max: 24), .literal(Array(".".utf8)), .run(.alnum, min: 64, max: 64)]),
        F("New Relic user API key", .apiKey, prefix: "NRAK-", .upperDigits, 27...27),
        F("New Relic browser API token", .apiKey, prefix: "NRJS-", .hexLower, 19...19),
        F("New Relic insert key", .apiKey, prefix: "NRII-", .alnum + ByteClass("-"), 32...32),
        F("Prefect API token", .apiKey, prefix: "pnu_", .alnum, 36...36),
        F("Pulumi access token", .accessToken, prefix: "pul-", .hexLower, 40...40),
        F("ReadMe API key", .apiKey, prefix: "rdme_", .lowerDigits, 70...70),
        F("Infracost API token", .apiKey, prefix: "ico-", .alnum, 32...32),
        F("Frame.io API token", .apiKey, prefix: "fio-u-", .wordDash + ByteClass("="), 64...64),
        F("Adobe client secret", .secret, prefix: "p8e-", .alnum, 32...32),
        F("Octopus Deploy API key", .apiKey, prefix: "API-", .upperDigits, 26...26),
        F("Typeform API token", .apiKey, prefix: "tfp_", .wordDash + ByteClass(".="), 59...59),
        F("Intra42 client secret", .secret, prefix: "s-s4t2ud-", .hexLower, 64...64),
        F("Intra42 client secret", .secret, prefix: "s-s4t2af-", .hexLower, 64...64),
        F("SettleMint token", .accessToken, prefix: "sm_pat_", .alnum, 16...16),
        F("SettleMint token", .accessToken, prefix: "sm_aat_", .alnum, 16...16),
        F("SettleMint token", .accessToken, prefix: "sm_sat_", .alnum, 16...16),
        F(
            "Airtable personal access token", .accessToken,
            [.literal(Array("pat".utf8)), .run(.alnum, min: 14, max: 14), .literal(Array(".".utf8)), .run(.hexLower, min: 64, max: 64)]),
        F(
            "Harness access token", .accessToken,
            [
                .literal(Array("pat.".utf8)), .run(.wordDash, min: 22, max: 22), .literal(Array(".".utf8)), .run(.alnum, min: 24, max: 24),
                .literal(Array(".".utf8)), .run(.alnum, min: 20, max: 20),
            ]),
        F(
            "Harness access token", .accessToken,
            [
                .literal(Array("sat.".utf8)), .run(.wordDash, min: 22, max: 22), .literal(Array(".".utf8)), .run(.alnum, min: 24, max: 24),
                .literal(Array(".".utf8)), .run(.alnum, min: 20, max: 20),
            ]),
        F(
            "MaxMind license key", .apiKey,
            [.run(.alnum, min: 6, max: 6), .literal(Array("_".utf8)), .run(.alnum, min: 29, max: 29), .literal(Array("_mmk".utf8))]),
        F(
            "1Password service account token", .accessToken,
            [.literal(Array("ops_eyJ".utf8)), .run(.base64, min: 250, max: 8192), .run(ByteClass("="), min: 0, max: 3)]),
        F("1Password secret key", .secret, prefix: "A3-", .upperDigits + ByteClass("-"), 33...40),
    ]

    static let more: [SecretFormat] = [
        // JSON Web Tokens: a header and a payload, both base64url JSON objects, and a signature.
        F(
            "JSON Web Token", .accessToken,
            [
                .literal(Array("eyJ".utf8)), .run(.wordDash, min: 10, max: 8192), .literal(Array(".eyJ".utf8)), .run(.wordDash, min: 10, max: 65536),
                .literal(Array(".".utf8)), .run(.wordDash + ByteClass("="), min: 10, max: 8192),
            ]),
        F(
            "Mapbox secret token", .accessToken,
            [.literal(Array("sk.eyJ".utf8)), .run(.wordDash, min: 50, max: 400), .literal(Array(".".utf8)), .run(.wordDash, min: 20, max: 40)]),
    ]

    static let keys: [SecretFormat] = [
        F("age secret key", .privateKey, prefix: "AGE-SECRET-KEY-1", .bech32Upper, 58...58, checksum: .bech32)
    ]
}
