/**
 * Generated from the Cannabis Legal Status API's OpenAPI document by
 * openapi-typescript. Do not edit: run `npm run client:generate` in the
 * repository instead.
 */
export interface paths {
    "/v1/states": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every jurisdiction's record
         * @description The 50 states and DC, sorted by name; `include=territories` adds PR, GU, VI, MP and AS. Filters combine (AND): `status=adult_use&sales=operating` is where licensed adult-use retail is open. `as_of` answers for a past day (filters apply to that day's values); `fields` keeps only the named top-level fields, or single values by dotted path (`adult_use.purchase_limit`, `hemp.intoxicating_products`) with their provenance; `format=geojson` or `Accept: application/geo+json` returns a GeoJSON FeatureCollection: each jurisdiction's outline, with the columns of a release's `jurisdictions.csv` as its properties (`fields` narrows them to the columns derived from those fields, and `code`).
         */
        get: operations["listStates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /**
         * Every jurisdiction's record (headers only)
         * @description Same as GET /v1/states, without the body: the status, ETag and limit headers only. Counted like a GET.
         */
        head: operations["listStatesHead"];
        patch?: never;
        trace?: never;
    };
    "/v1/states/{code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One jurisdiction by USPS code
         * @description `as_of` answers for a past day; `fields` keeps only the named top-level fields, or single values by dotted path (`adult_use.purchase_limit`) with their provenance.
         */
        get: operations["getState"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /**
         * One jurisdiction by USPS code (headers only)
         * @description Same as GET /v1/states/{code}, without the body: the status, ETag and limit headers only. Counted like a GET.
         */
        head: operations["getStateHead"];
        patch?: never;
        trace?: never;
    };
    "/v1/states/{code}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A jurisdiction's dated legal events, oldest first
         * @description A jurisdiction's dated legal events, oldest first.
         */
        get: operations["getStateHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /**
         * A jurisdiction's dated legal events, oldest first (headers only)
         * @description Same as GET /v1/states/{code}/history, without the body: the status, ETag and limit headers only. Counted like a GET.
         */
        head: operations["getStateHistoryHead"];
        patch?: never;
        trace?: never;
    };
    "/v1/federal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The federal picture
         * @description Controlled Substances Act schedule, the rescheduling proceeding, the hemp definition and the appropriations rider, with dates and sources.
         */
        get: operations["getFederal"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /**
         * The federal picture (headers only)
         * @description Same as GET /v1/federal, without the body: the status, ETag and limit headers only. Counted like a GET.
         */
        head: operations["getFederalHead"];
        patch?: never;
        trace?: never;
    };
    "/v1/changes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Legal events across all jurisdictions, newest first
         * @description For monitoring and sync: every state, territory and federal (`US`) event, newest first. Each gives both dates: `date` (enacted) and `effective`. `basis` chooses which one `since`, `until` and the order use: `enacted` (default) for what was enacted, `effective` for what took or takes effect (an event with no effective day counts from its `date`): `basis=effective&since=2026-11-01&until=2026-11-30` is what took effect in November 2026. Events enacted but not yet in effect are included (`effective` in the future). `jurisdiction=OH,US` keeps those jurisdictions. Page with `meta.next` as `cursor`, with the same basis, until it is null.
         */
        get: operations["listChanges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /**
         * Legal events across all jurisdictions, newest first (headers only)
         * @description Same as GET /v1/changes, without the body: the status, ETag and limit headers only. Counted like a GET.
         */
        head: operations["listChangesHead"];
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness: the process is up
         * @description Liveness: the process is up.
         */
        get: operations["getHealthz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness: dataset loaded, dependencies reachable
         * @description Readiness: dataset loaded, dependencies reachable.
         */
        get: operations["getReadyz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "law.enacted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * law.enacted
         * @description A law, ballot measure or ruling was enacted (passed, approved by voters, signed or decided); it may take effect later. Sent as a signed POST; answer any 2xx within 10 s. Other answers are retried with exponential backoff for about a day; 410 Gone disables the endpoint.
         */
        post: operations["webhookLawEnacted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "law.took_effect": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * law.took_effect
         * @description An enacted change took effect: from this day the jurisdiction's record reads differently. Sent as a signed POST; answer any 2xx within 10 s. Other answers are retried with exponential backoff for about a day; 410 Gone disables the endpoint.
         */
        post: operations["webhookLawTookEffect"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "record.corrected": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * record.corrected
         * @description A fact in a jurisdiction's record was corrected (no change in the law: our data was wrong or incomplete). Sent as a signed POST; answer any 2xx within 10 s. Other answers are retried with exponential backoff for about a day; 410 Gone disables the endpoint.
         */
        post: operations["webhookRecordCorrected"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "dataset.released": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * dataset.released
         * @description A new release of the dataset is being served; its version, date and downloads are in `data`. Sent as a signed POST; answer any 2xx within 10 s. Other answers are retried with exponential backoff for about a day; 410 Gone disables the endpoint.
         */
        post: operations["webhookDatasetReleased"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook.test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * webhook.test
         * @description Sent when you press “Send test event” on the webhooks page, to that endpoint only. Sent as a signed POST; answer any 2xx within 10 s. Other answers are retried with exponential backoff for about a day; 410 Gone disables the endpoint.
         */
        post: operations["webhookTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /** @description A law, ballot measure or ruling was enacted (passed, approved by voters, signed or decided); it may take effect later. */
        LawEnactedWebhook: {
            /** @constant */
            type: "law.enacted";
            /**
             * Format: date-time
             * @description When the event happened (ISO 8601, UTC)
             */
            timestamp: string;
            data: {
                jurisdiction: {
                    /** @description USPS code, or US for federal law */
                    code: string;
                    name: string;
                };
                /** @description The legal event behind this notification; for `record.corrected`, the correction (its id is the correction's) */
                event: {
                    /** @description The event's id, as in /v1/states/{code}/history and /v1/changes */
                    id: string;
                    /** @description A short title */
                    title: string;
                    summary: string | null;
                    enacted: string | null;
                    effective: string | null;
                    authority: {
                        /** @description Standard legal citation */
                        citation: string;
                        url: string | null;
                    } | null;
                    /** @description `record.corrected` only: why the data was wrong or incomplete, as the correction records it */
                    reason?: string;
                    /** @description `record.corrected` only: who recorded the correction */
                    coded_by?: string;
                    reviewed_by?: string | null;
                };
                /** @description The record's fields that change, with their values before and after */
                changes: {
                    /** @description Path of the changed field in the jurisdiction record, e.g. `status` or `adult_use.home_grow` */
                    field: string;
                    /** @description Its value before (any JSON value; null when it was unset) */
                    before: unknown;
                    /** @description Its value after */
                    after: unknown;
                    from?: string | null;
                    until?: string | null;
                }[];
                /** @description `api`: the record at /v1/states/{code}; `page`: the website's page about it */
                links: {
                    /** Format: uri */
                    api: string;
                    /** Format: uri */
                    page: string;
                };
            };
        };
        /** @description An enacted change took effect: from this day the jurisdiction's record reads differently. */
        LawTookEffectWebhook: {
            /** @constant */
            type: "law.took_effect";
            /**
             * Format: date-time
             * @description When the event happened (ISO 8601, UTC)
             */
            timestamp: string;
            data: {
                jurisdiction: {
                    /** @description USPS code, or US for federal law */
                    code: string;
                    name: string;
                };
                /** @description The legal event behind this notification; for `record.corrected`, the correction (its id is the correction's) */
                event: {
                    /** @description The event's id, as in /v1/states/{code}/history and /v1/changes */
                    id: string;
                    /** @description A short title */
                    title: string;
                    summary: string | null;
                    enacted: string | null;
                    effective: string | null;
                    authority: {
                        /** @description Standard legal citation */
                        citation: string;
                        url: string | null;
                    } | null;
                    /** @description `record.corrected` only: why the data was wrong or incomplete, as the correction records it */
                    reason?: string;
                    /** @description `record.corrected` only: who recorded the correction */
                    coded_by?: string;
                    reviewed_by?: string | null;
                };
                /** @description The record's fields that change, with their values before and after */
                changes: {
                    /** @description Path of the changed field in the jurisdiction record, e.g. `status` or `adult_use.home_grow` */
                    field: string;
                    /** @description Its value before (any JSON value; null when it was unset) */
                    before: unknown;
                    /** @description Its value after */
                    after: unknown;
                    from?: string | null;
                    until?: string | null;
                }[];
                /** @description `api`: the record at /v1/states/{code}; `page`: the website's page about it */
                links: {
                    /** Format: uri */
                    api: string;
                    /** Format: uri */
                    page: string;
                };
            };
        };
        /** @description A fact in a jurisdiction's record was corrected (no change in the law: our data was wrong or incomplete). */
        RecordCorrectedWebhook: {
            /** @constant */
            type: "record.corrected";
            /**
             * Format: date-time
             * @description When the event happened (ISO 8601, UTC)
             */
            timestamp: string;
            data: {
                jurisdiction: {
                    /** @description USPS code, or US for federal law */
                    code: string;
                    name: string;
                };
                /** @description The legal event behind this notification; for `record.corrected`, the correction (its id is the correction's) */
                event: {
                    /** @description The event's id, as in /v1/states/{code}/history and /v1/changes */
                    id: string;
                    /** @description A short title */
                    title: string;
                    summary: string | null;
                    enacted: string | null;
                    effective: string | null;
                    authority: {
                        /** @description Standard legal citation */
                        citation: string;
                        url: string | null;
                    } | null;
                    /** @description `record.corrected` only: why the data was wrong or incomplete, as the correction records it */
                    reason?: string;
                    /** @description `record.corrected` only: who recorded the correction */
                    coded_by?: string;
                    reviewed_by?: string | null;
                };
                /** @description The record's fields that change, with their values before and after */
                changes: {
                    /** @description Path of the changed field in the jurisdiction record, e.g. `status` or `adult_use.home_grow` */
                    field: string;
                    /** @description Its value before (any JSON value; null when it was unset) */
                    before: unknown;
                    /** @description Its value after */
                    after: unknown;
                    from?: string | null;
                    until?: string | null;
                }[];
                /** @description `api`: the record at /v1/states/{code}; `page`: the website's page about it */
                links: {
                    /** Format: uri */
                    api: string;
                    /** Format: uri */
                    page: string;
                };
            };
        };
        /** @description A new release of the dataset is being served; its version, date and downloads are in `data`. */
        DatasetReleasedWebhook: {
            /** @constant */
            type: "dataset.released";
            /**
             * Format: date-time
             * @description When the event happened (ISO 8601, UTC)
             */
            timestamp: string;
            data: {
                /** @description The dataset version now served, e.g. 2026.11.23 */
                version: string;
                /** Format: date */
                released: string;
                /** Format: date */
                sources_current_to: string;
                /** @description `data`: the downloads page; `changes`: /v1/changes */
                links: {
                    /** Format: uri */
                    data: string;
                    /** Format: uri */
                    changes: string;
                };
            };
        };
        /** @description Sent when you press “Send test event” on the webhooks page, to that endpoint only. */
        TestWebhook: {
            /** @constant */
            type: "webhook.test";
            /**
             * Format: date-time
             * @description When the event happened (ISO 8601, UTC)
             */
            timestamp: string;
            data: {
                endpoint_id: string;
                message: string;
            };
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listStates: {
        parameters: {
            query?: {
                /** @description `territories` adds PR, GU, VI, MP and AS to the 50 states and DC. */
                include?: "territories";
                /** @description Comma-separated categories to keep: adult_use, medical, low_thc, prohibited. */
                status?: string;
                /** @description Keep only jurisdictions where small-amount possession is (true) or is not (false) decriminalized. */
                decriminalized?: "true" | "false";
                /**
                 * @description `operating`: keep jurisdictions where licensed adult-use retail sales have begun by the day asked (`as_of`, else today): `adult_use.sales_began` is set. `not_operating`: where they have not (adult use without a licensed market, such as DC and Virginia, and every jurisdiction without adult use). `status=adult_use&sales=operating` is where a licensed adult-use business can sell. A jurisdiction whose history cannot tell on an `as_of` day is in neither.
                 * @example operating
                 */
                sales?: "operating" | "not_operating";
                /**
                 * @description Answer as the law stood on this day (YYYY-MM-DD), reconstructed from the dated history: status, decriminalized and the adult-use and medical facts in force then; `null` where the history cannot tell. From the first recorded event to one year ahead.
                 * @example 2012-12-09
                 */
                as_of?: string;
                /** @description Comma-separated fields to return: top-level fields, e.g. `code,status` (code, name, fips, type, summary, status, decriminalized, decriminalization, adult_use, medical, hemp, prohibition, regulator, notes, last_reviewed, known_from, upcoming, sources, sources_current_to), or one value inside a group by its dotted path, e.g. `adult_use.purchase_limit` and `hemp.intoxicating_products` (comma-separated, as any field): only that value, with its provenance for a dated variable (`adult_use.provenance.purchase_limit`). An unknown name or path is refused (400 `unknown_field`, listing the valid ones). In GeoJSON, the flat columns derived from the top-level fields named (a dotted path counts as its group), and `code`. */
                fields?: string;
                /** @description `geojson` returns a GeoJSON FeatureCollection (`application/geo+json`), as does `Accept: application/geo+json`; `format` wins over `Accept`. Default `json`. */
                format?: "json" | "geojson";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The matching jurisdictions */
            200: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    /** @description Send back in If-None-Match */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: ({
                            /** @description USPS code */
                            code: string;
                            /** @description Name */
                            name: string;
                            /** @description Two-digit FIPS code */
                            fips: string;
                            /**
                             * @description state, district (DC) or territory
                             * @enum {unknown}
                             */
                            type: "state" | "district" | "territory";
                            /** @description One or two plain sentences for a reader: what an adult may do there today, and why a borderline case is classified as it is */
                            summary: string;
                            /**
                             * @description Summary category: adult_use (legal for adults), medical (comprehensive medical program), low_thc (CBD / low-THC only), prohibited
                             * @enum {unknown}
                             */
                            status: "adult_use" | "medical" | "low_thc" | "prohibited";
                            /** @description Possessing a small personal amount is not a jailable crime (always true where adult use is legal) */
                            decriminalized: boolean;
                            decriminalization: {
                                /** @description Date possession of a small amount stopped being jailable */
                                since: string | null;
                                /** @description Where `since` is unknown but the sources agree on the year (or month) the law took effect: the first day by which it was certainly in force (before it, the day is unknown, never guessed); null where `since` is known or nothing is */
                                in_force_by: string | null;
                                summary: string | null;
                                offense: ("legal" | "civil" | "criminal") | null;
                                /** @description Whether jail is a possible penalty for a first small-amount offense */
                                jail_possible: boolean | null;
                                /** @description The largest amount (grams of flower) treated as described by `offense`; null if none is set or unknown */
                                threshold_grams: number | null;
                                /** @description The law behind these facts (null only where no law applies) */
                                authority: {
                                    /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                    citation: string;
                                    /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                    url: string | null;
                                } | null;
                                /** @description Sources for the facts in this object */
                                sources: {
                                    /** @description What the source is, e.g. the statute, regulator page or article title */
                                    title: string;
                                    /**
                                     * Format: uri
                                     * @description Where to read it
                                     */
                                    url: string;
                                    /**
                                     * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                     * @enum {unknown}
                                     */
                                    kind: "official" | "reference" | "news" | "advocacy";
                                }[];
                            };
                            adult_use: {
                                /** @description Adults may legally possess cannabis for any purpose */
                                legal: boolean;
                                /** @description The ballot measure or bill that legalized adult use */
                                enacted_by: {
                                    /**
                                     * @description How it became law
                                     * @enum {unknown}
                                     */
                                    type: "ballot_measure" | "legislation" | "court_ruling" | "executive_action";
                                    /** @description The measure or bill, with its number and popular name */
                                    name: string;
                                    /** @description Date approved by voters, signed into law, or decided */
                                    date: string | null;
                                } | null;
                                /** @description Date adult possession became legal */
                                effective: string | null;
                                /** @description Date licensed adult-use retail sales began; null if none yet */
                                sales_began: string | null;
                                /** @description Personal possession limit */
                                possession_limit: {
                                    /** @description Limit for cannabis flower in grams, or null if the law sets none or it is unknown */
                                    flower_grams: number | null;
                                    /** @description Limit for concentrate in grams, or null if the law sets none separately or it is unknown */
                                    concentrate_grams: number | null;
                                    /** @description The limit as the law states it, in plain words */
                                    summary: string;
                                } | null;
                                /** @description Home cultivation rules */
                                home_grow: {
                                    /** @description Whether adults may cultivate at home; null if unknown */
                                    allowed: boolean | null;
                                    /** @description Plants allowed, counted per `per` */
                                    plants: number | null;
                                    /** @description Whether `plants` counts per adult or per household */
                                    per: ("adult" | "household") | null;
                                    /** @description Cap per household, if the law sets one */
                                    household_max: number | null;
                                    summary: string | null;
                                } | null;
                                /** @description Youngest age at which an adult may buy and possess */
                                minimum_age: number | null;
                                /** @description How much a customer may buy; null where the law sets no limit, there are no sales, or it is unknown (see provenance) */
                                purchase_limit: {
                                    /** @description Flower per period, in grams; null if the law sets no flower limit */
                                    flower_grams: number | null;
                                    /** @description Concentrate per period, in grams; null if the law sets none separately */
                                    concentrate_grams: number | null;
                                    /** @description THC in edible products per period, in milligrams; null if the law sets none separately */
                                    edible_thc_mg: number | null;
                                    /** @description Total THC per period, in milligrams, where the law counts several product forms (concentrates, edibles, other products) against one limit; null or absent where it sets no such total (then each form's own limit applies) */
                                    total_thc_mg?: number | null;
                                    /**
                                     * @description What the limits count over: one transaction, a day or a month
                                     * @enum {unknown}
                                     */
                                    period: "transaction" | "day" | "month";
                                    /** @description A lower flower limit for non-residents, in grams; null where residents and visitors share one limit */
                                    nonresident_flower_grams: number | null;
                                } | null;
                                public_consumption: ("prohibited" | "allowed" | "designated_areas") | null;
                                /** @description Licensed consumption lounges */
                                onsite_consumption: {
                                    /** @description The law allows licensed on-site consumption (lounges) */
                                    allowed: boolean;
                                    /** @description At least one licensed lounge is operating; null if unknown */
                                    operating: boolean | null;
                                } | null;
                                delivery: ("allowed" | "not_allowed" | "medical_only") | null;
                                /** @description Municipalities or counties may prohibit adult-use businesses */
                                local_opt_out: boolean | null;
                                /** @description The state's cannabis-specific taxes on adult-use sales ([] where none) */
                                taxes: {
                                    /**
                                     * @description excise_retail_percent: a percent of the retail price; excise_wholesale_percent: a percent of the wholesale price; per_weight: dollars per unit of weight; per_thc_mg: dollars per milligram of THC; potency_tiered: a rate that depends on THC content; other
                                     * @enum {unknown}
                                     */
                                    kind: "excise_retail_percent" | "excise_wholesale_percent" | "per_weight" | "per_thc_mg" | "potency_tiered" | "other";
                                    /** @description Percent for the *_percent kinds, dollars per `unit` for per_weight and per_thc_mg; null for tiered and other taxes */
                                    rate: number | null;
                                    unit: string | null;
                                    /** @description The tax in plain words */
                                    description: string;
                                    /** @description Date this rate took effect, where known */
                                    since: string | null;
                                }[] | null;
                                /** @description The state's general sales tax also applies to adult-use sales */
                                general_sales_tax_applies: boolean | null;
                                local_taxes: string | null;
                                /** @description For each variable above: its law, its date, or why it is unknown */
                                provenance: {
                                    minimum_age?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    purchase_limit?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    public_consumption?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    onsite_consumption?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    delivery?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    local_opt_out?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    taxes?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    general_sales_tax_applies?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                };
                                /** @description The law behind these facts (null only where no law applies) */
                                authority: {
                                    /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                    citation: string;
                                    /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                    url: string | null;
                                } | null;
                                /** @description Sources for the facts in this object */
                                sources: {
                                    /** @description What the source is, e.g. the statute, regulator page or article title */
                                    title: string;
                                    /**
                                     * Format: uri
                                     * @description Where to read it
                                     */
                                    url: string;
                                    /**
                                     * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                     * @enum {unknown}
                                     */
                                    kind: "official" | "reference" | "news" | "advocacy";
                                }[];
                            };
                            medical: {
                                /** @description A medical program (comprehensive or low-THC) exists */
                                legal: boolean;
                                /**
                                 * @description comprehensive: qualifying patients may obtain cannabis without a low-THC cap; low_thc: only CBD / low-THC products; none
                                 * @enum {unknown}
                                 */
                                program: "comprehensive" | "low_thc" | "none";
                                /** @description The measure or bill that created the current program */
                                enacted_by: {
                                    /**
                                     * @description How it became law
                                     * @enum {unknown}
                                     */
                                    type: "ballot_measure" | "legislation" | "court_ruling" | "executive_action";
                                    /** @description The measure or bill, with its number and popular name */
                                    name: string;
                                    /** @description Date approved by voters, signed into law, or decided */
                                    date: string | null;
                                } | null;
                                /** @description Date the program's law took effect */
                                effective: string | null;
                                /** @description Date the first licensed medical dispensary opened (dispensaries allowed is not the same as open); null if none yet or unknown */
                                sales_began: string | null;
                                /** @description Youngest age a patient may register without a caregiver */
                                minimum_age: number | null;
                                reciprocity: ("yes" | "registration" | "no") | null;
                                /** @description Home cultivation by patients */
                                patient_home_grow: {
                                    /** @description Registered patients may cultivate */
                                    allowed: boolean;
                                    /** @description Plants allowed, where the law sets a count */
                                    plants: number | null;
                                } | null;
                                /** @description How much a patient may buy */
                                purchase_limit: {
                                    /** @description Flower per period, in grams; null if the law sets no flower limit */
                                    flower_grams: number | null;
                                    /** @description Concentrate per period, in grams; null if the law sets none separately */
                                    concentrate_grams: number | null;
                                    /** @description THC in edible products per period, in milligrams; null if the law sets none separately */
                                    edible_thc_mg: number | null;
                                    /** @description Total THC per period, in milligrams, where the law counts several product forms (concentrates, edibles, other products) against one limit; null or absent where it sets no such total (then each form's own limit applies) */
                                    total_thc_mg?: number | null;
                                    /**
                                     * @description What the limits count over: one transaction, a day or a month
                                     * @enum {unknown}
                                     */
                                    period: "transaction" | "day" | "month";
                                    /** @description A lower flower limit for non-residents, in grams; null where residents and visitors share one limit */
                                    nonresident_flower_grams: number | null;
                                } | null;
                                /** @description For each variable above: its law, its date, or why it is unknown */
                                provenance: {
                                    minimum_age?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    reciprocity?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    patient_home_grow?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    purchase_limit?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                };
                                /** @description The law behind these facts (null only where no law applies) */
                                authority: {
                                    /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                    citation: string;
                                    /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                    url: string | null;
                                } | null;
                                /** @description Sources for the facts in this object */
                                sources: {
                                    /** @description What the source is, e.g. the statute, regulator page or article title */
                                    title: string;
                                    /**
                                     * Format: uri
                                     * @description Where to read it
                                     */
                                    url: string;
                                    /**
                                     * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                     * @enum {unknown}
                                     */
                                    kind: "official" | "reference" | "news" | "advocacy";
                                }[];
                            };
                            hemp: {
                                intoxicating_products: ("prohibited" | "restricted" | "unregulated") | null;
                                /** @description The state's minimum age to buy them; null if it sets none */
                                minimum_age: number | null;
                                summary: string | null;
                                /** @description The law behind these facts (null only where no law applies) */
                                authority: {
                                    /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                    citation: string;
                                    /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                    url: string | null;
                                } | null;
                                /** @description Sources for the facts in this object */
                                sources: {
                                    /** @description What the source is, e.g. the statute, regulator page or article title */
                                    title: string;
                                    /**
                                     * Format: uri
                                     * @description Where to read it
                                     */
                                    url: string;
                                    /**
                                     * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                     * @enum {unknown}
                                     */
                                    kind: "official" | "reference" | "news" | "advocacy";
                                }[];
                                /** @description For each variable above: its law, its date, or why it is unknown */
                                provenance: {
                                    intoxicating_products?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    minimum_age?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                };
                                /** @description Federal law on these products on the record's day, where it says more than the 2018 definition (from 2026-11-12: Pub. L. 119-37, § 781); null before */
                                federal: {
                                    /**
                                     * @description Federal law's treatment of the same products, whatever the state allows
                                     * @enum {unknown}
                                     */
                                    intoxicating_products: "prohibited" | "restricted" | "unregulated";
                                    /** @description What federal law says, in plain words */
                                    summary: string;
                                    /**
                                     * Format: date
                                     * @description ISO 8601 calendar date (YYYY-MM-DD)
                                     */
                                    since: string;
                                    authority: {
                                        /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                        citation: string;
                                        /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                        url: string | null;
                                    };
                                } | null;
                            };
                            /** @description The statute that prohibits possessing cannabis (the offense and the schedule): cited by a fact group on a day when no later law in this record had changed it */
                            prohibition: {
                                authority: {
                                    /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                    citation: string;
                                    /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                    url: string | null;
                                };
                                /** @description Sources for the citation */
                                sources: {
                                    /** @description What the source is, e.g. the statute, regulator page or article title */
                                    title: string;
                                    /**
                                     * Format: uri
                                     * @description Where to read it
                                     */
                                    url: string;
                                    /**
                                     * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                     * @enum {unknown}
                                     */
                                    kind: "official" | "reference" | "news" | "advocacy";
                                }[];
                                /**
                                 * @description How sure the citation is: its text read, an official page, or two agreeing secondary sources
                                 * @enum {unknown}
                                 */
                                confidence: "law_text" | "official_guidance" | "secondary";
                                note: string | null;
                            };
                            /** @description The regulator, where one exists */
                            regulator: {
                                /** @description The agency that licenses and regulates cannabis */
                                name: string;
                                /**
                                 * Format: uri
                                 * @description Its website
                                 */
                                url: string;
                            } | null;
                            /** @description Caveats: pending measures, court challenges, vetoes, conflicting sources */
                            notes: string[];
                            /**
                             * Format: date
                             * @description Date this record was last checked against its sources. A later review moves only this date: what the record says about earlier days is fixed by `known_from`
                             */
                            last_reviewed: string;
                            /**
                             * Format: date
                             * @description The day from which the record's facts that carry no date of their own (a summary, a regulator, a value whose `since` is unknown) are known to hold: the review that first recorded them. It never moves on a later review; earlier days are reconstructed from the history
                             */
                            known_from: string;
                            /** @description Changes enacted but not yet in force on the record's day, soonest first: each with its effective date and the fields it sets */
                            upcoming: {
                                /** @description The event's identifier in the history */
                                id: string;
                                /** @description The event's kind */
                                kind: string;
                                /**
                                 * Format: date
                                 * @description ISO 8601 calendar date (YYYY-MM-DD)
                                 */
                                enacted: string;
                                /**
                                 * Format: date
                                 * @description ISO 8601 calendar date (YYYY-MM-DD)
                                 */
                                effective: string;
                                /** @description A short title */
                                title: string;
                                /** @description One sentence saying what will change */
                                summary: string;
                                /** @description The record's fields this change sets, by dotted path (e.g. `adult_use.delivery`), with their new values; they hold from `effective` on */
                                sets: {
                                    [key: string]: unknown;
                                };
                                /** @description The law behind these facts (null only where no law applies) */
                                authority: {
                                    /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                    citation: string;
                                    /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                    url: string | null;
                                } | null;
                            }[];
                            /** @description Every source cited anywhere in this record and its history, deduplicated */
                            sources: {
                                /** @description What the source is, e.g. the statute, regulator page or article title */
                                title: string;
                                /**
                                 * Format: uri
                                 * @description Where to read it
                                 */
                                url: string;
                                /**
                                 * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                 * @enum {unknown}
                                 */
                                kind: "official" | "reference" | "news" | "advocacy";
                            }[];
                            /**
                             * Format: date
                             * @description Date of the newest source read for this record (the release's `sources_current_to`): laws enacted or in force after it are not reflected. `last_reviewed` is the day the record was checked; this is how far what it was checked against reaches
                             */
                            sources_current_to: string;
                        } | {
                            /** @description USPS code */
                            code: string;
                            /** @description Name */
                            name: string;
                            /** @description Two-digit FIPS code */
                            fips: string;
                            /**
                             * @description state, district (DC) or territory
                             * @enum {unknown}
                             */
                            type: "state" | "district" | "territory";
                            /** @description The reader's summary of the law in force when the record was reviewed; null for an earlier day */
                            summary: string | null;
                            /** @description Summary category on that day; null if unknown */
                            status: ("adult_use" | "medical" | "low_thc" | "prohibited") | null;
                            /** @description Decriminalized on that day; null if unknown */
                            decriminalized: boolean | null;
                            decriminalization: {
                                /** @description Date possession of a small amount stopped being jailable */
                                since: string | null;
                                /** @description Where `since` is unknown but the sources agree on the year (or month) the law took effect: the first day by which it was certainly in force (before it, the day is unknown, never guessed); null where `since` is known or nothing is */
                                in_force_by: string | null;
                                summary: string | null;
                                offense: ("legal" | "civil" | "criminal") | null;
                                /** @description Whether jail is a possible penalty for a first small-amount offense */
                                jail_possible: boolean | null;
                                /** @description The largest amount (grams of flower) treated as described by `offense`; null if none is set or unknown */
                                threshold_grams: number | null;
                                /** @description The law behind these facts (null only where no law applies) */
                                authority: {
                                    /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                    citation: string;
                                    /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                    url: string | null;
                                } | null;
                                /** @description Sources for the facts in this object */
                                sources: {
                                    /** @description What the source is, e.g. the statute, regulator page or article title */
                                    title: string;
                                    /**
                                     * Format: uri
                                     * @description Where to read it
                                     */
                                    url: string;
                                    /**
                                     * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                     * @enum {unknown}
                                     */
                                    kind: "official" | "reference" | "news" | "advocacy";
                                }[];
                            };
                            adult_use: {
                                /** @description Legal for adults on that day; null if unknown */
                                legal: boolean | null;
                                /** @description The ballot measure or bill that legalized adult use */
                                enacted_by: {
                                    /**
                                     * @description How it became law
                                     * @enum {unknown}
                                     */
                                    type: "ballot_measure" | "legislation" | "court_ruling" | "executive_action";
                                    /** @description The measure or bill, with its number and popular name */
                                    name: string;
                                    /** @description Date approved by voters, signed into law, or decided */
                                    date: string | null;
                                } | null;
                                /** @description Date adult possession became legal */
                                effective: string | null;
                                /** @description Date licensed adult-use retail sales began; null if none yet */
                                sales_began: string | null;
                                /** @description Personal possession limit */
                                possession_limit: {
                                    /** @description Limit for cannabis flower in grams, or null if the law sets none or it is unknown */
                                    flower_grams: number | null;
                                    /** @description Limit for concentrate in grams, or null if the law sets none separately or it is unknown */
                                    concentrate_grams: number | null;
                                    /** @description The limit as the law states it, in plain words */
                                    summary: string;
                                } | null;
                                /** @description Home cultivation rules */
                                home_grow: {
                                    /** @description Whether adults may cultivate at home; null if unknown */
                                    allowed: boolean | null;
                                    /** @description Plants allowed, counted per `per` */
                                    plants: number | null;
                                    /** @description Whether `plants` counts per adult or per household */
                                    per: ("adult" | "household") | null;
                                    /** @description Cap per household, if the law sets one */
                                    household_max: number | null;
                                    summary: string | null;
                                } | null;
                                /** @description Youngest age at which an adult may buy and possess */
                                minimum_age: number | null;
                                /** @description How much a customer may buy; null where the law sets no limit, there are no sales, or it is unknown (see provenance) */
                                purchase_limit: {
                                    /** @description Flower per period, in grams; null if the law sets no flower limit */
                                    flower_grams: number | null;
                                    /** @description Concentrate per period, in grams; null if the law sets none separately */
                                    concentrate_grams: number | null;
                                    /** @description THC in edible products per period, in milligrams; null if the law sets none separately */
                                    edible_thc_mg: number | null;
                                    /** @description Total THC per period, in milligrams, where the law counts several product forms (concentrates, edibles, other products) against one limit; null or absent where it sets no such total (then each form's own limit applies) */
                                    total_thc_mg?: number | null;
                                    /**
                                     * @description What the limits count over: one transaction, a day or a month
                                     * @enum {unknown}
                                     */
                                    period: "transaction" | "day" | "month";
                                    /** @description A lower flower limit for non-residents, in grams; null where residents and visitors share one limit */
                                    nonresident_flower_grams: number | null;
                                } | null;
                                public_consumption: ("prohibited" | "allowed" | "designated_areas") | null;
                                /** @description Licensed consumption lounges */
                                onsite_consumption: {
                                    /** @description The law allows licensed on-site consumption (lounges) */
                                    allowed: boolean;
                                    /** @description At least one licensed lounge is operating; null if unknown */
                                    operating: boolean | null;
                                } | null;
                                delivery: ("allowed" | "not_allowed" | "medical_only") | null;
                                /** @description Municipalities or counties may prohibit adult-use businesses */
                                local_opt_out: boolean | null;
                                /** @description The state's cannabis-specific taxes on adult-use sales ([] where none) */
                                taxes: {
                                    /**
                                     * @description excise_retail_percent: a percent of the retail price; excise_wholesale_percent: a percent of the wholesale price; per_weight: dollars per unit of weight; per_thc_mg: dollars per milligram of THC; potency_tiered: a rate that depends on THC content; other
                                     * @enum {unknown}
                                     */
                                    kind: "excise_retail_percent" | "excise_wholesale_percent" | "per_weight" | "per_thc_mg" | "potency_tiered" | "other";
                                    /** @description Percent for the *_percent kinds, dollars per `unit` for per_weight and per_thc_mg; null for tiered and other taxes */
                                    rate: number | null;
                                    unit: string | null;
                                    /** @description The tax in plain words */
                                    description: string;
                                    /** @description Date this rate took effect, where known */
                                    since: string | null;
                                }[] | null;
                                /** @description The state's general sales tax also applies to adult-use sales */
                                general_sales_tax_applies: boolean | null;
                                local_taxes: string | null;
                                /** @description For each variable above: its law, its date, or why it is unknown */
                                provenance: {
                                    minimum_age?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    purchase_limit?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    public_consumption?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    onsite_consumption?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    delivery?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    local_opt_out?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    taxes?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    general_sales_tax_applies?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                };
                                /** @description The law behind these facts (null only where no law applies) */
                                authority: {
                                    /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                    citation: string;
                                    /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                    url: string | null;
                                } | null;
                                /** @description Sources for the facts in this object */
                                sources: {
                                    /** @description What the source is, e.g. the statute, regulator page or article title */
                                    title: string;
                                    /**
                                     * Format: uri
                                     * @description Where to read it
                                     */
                                    url: string;
                                    /**
                                     * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                     * @enum {unknown}
                                     */
                                    kind: "official" | "reference" | "news" | "advocacy";
                                }[];
                            };
                            medical: {
                                /** @description A medical program existed on that day; null if unknown */
                                legal: boolean | null;
                                /** @description The program on that day */
                                program: ("comprehensive" | "low_thc" | "none") | null;
                                /** @description The measure or bill that created the current program */
                                enacted_by: {
                                    /**
                                     * @description How it became law
                                     * @enum {unknown}
                                     */
                                    type: "ballot_measure" | "legislation" | "court_ruling" | "executive_action";
                                    /** @description The measure or bill, with its number and popular name */
                                    name: string;
                                    /** @description Date approved by voters, signed into law, or decided */
                                    date: string | null;
                                } | null;
                                /** @description Date the program's law took effect */
                                effective: string | null;
                                /** @description Date the first licensed medical dispensary opened (dispensaries allowed is not the same as open); null if none yet or unknown */
                                sales_began: string | null;
                                /** @description Youngest age a patient may register without a caregiver */
                                minimum_age: number | null;
                                reciprocity: ("yes" | "registration" | "no") | null;
                                /** @description Home cultivation by patients */
                                patient_home_grow: {
                                    /** @description Registered patients may cultivate */
                                    allowed: boolean;
                                    /** @description Plants allowed, where the law sets a count */
                                    plants: number | null;
                                } | null;
                                /** @description How much a patient may buy */
                                purchase_limit: {
                                    /** @description Flower per period, in grams; null if the law sets no flower limit */
                                    flower_grams: number | null;
                                    /** @description Concentrate per period, in grams; null if the law sets none separately */
                                    concentrate_grams: number | null;
                                    /** @description THC in edible products per period, in milligrams; null if the law sets none separately */
                                    edible_thc_mg: number | null;
                                    /** @description Total THC per period, in milligrams, where the law counts several product forms (concentrates, edibles, other products) against one limit; null or absent where it sets no such total (then each form's own limit applies) */
                                    total_thc_mg?: number | null;
                                    /**
                                     * @description What the limits count over: one transaction, a day or a month
                                     * @enum {unknown}
                                     */
                                    period: "transaction" | "day" | "month";
                                    /** @description A lower flower limit for non-residents, in grams; null where residents and visitors share one limit */
                                    nonresident_flower_grams: number | null;
                                } | null;
                                /** @description For each variable above: its law, its date, or why it is unknown */
                                provenance: {
                                    minimum_age?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    reciprocity?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    patient_home_grow?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    purchase_limit?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                };
                                /** @description The law behind these facts (null only where no law applies) */
                                authority: {
                                    /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                    citation: string;
                                    /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                    url: string | null;
                                } | null;
                                /** @description Sources for the facts in this object */
                                sources: {
                                    /** @description What the source is, e.g. the statute, regulator page or article title */
                                    title: string;
                                    /**
                                     * Format: uri
                                     * @description Where to read it
                                     */
                                    url: string;
                                    /**
                                     * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                     * @enum {unknown}
                                     */
                                    kind: "official" | "reference" | "news" | "advocacy";
                                }[];
                            };
                            hemp: {
                                intoxicating_products: ("prohibited" | "restricted" | "unregulated") | null;
                                /** @description The state's minimum age to buy them; null if it sets none */
                                minimum_age: number | null;
                                summary: string | null;
                                /** @description The law behind these facts (null only where no law applies) */
                                authority: {
                                    /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                    citation: string;
                                    /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                    url: string | null;
                                } | null;
                                /** @description Sources for the facts in this object */
                                sources: {
                                    /** @description What the source is, e.g. the statute, regulator page or article title */
                                    title: string;
                                    /**
                                     * Format: uri
                                     * @description Where to read it
                                     */
                                    url: string;
                                    /**
                                     * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                     * @enum {unknown}
                                     */
                                    kind: "official" | "reference" | "news" | "advocacy";
                                }[];
                                /** @description For each variable above: its law, its date, or why it is unknown */
                                provenance: {
                                    intoxicating_products?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    minimum_age?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                };
                                /** @description Federal law on these products on the record's day, where it says more than the 2018 definition (from 2026-11-12: Pub. L. 119-37, § 781); null before */
                                federal: {
                                    /**
                                     * @description Federal law's treatment of the same products, whatever the state allows
                                     * @enum {unknown}
                                     */
                                    intoxicating_products: "prohibited" | "restricted" | "unregulated";
                                    /** @description What federal law says, in plain words */
                                    summary: string;
                                    /**
                                     * Format: date
                                     * @description ISO 8601 calendar date (YYYY-MM-DD)
                                     */
                                    since: string;
                                    authority: {
                                        /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                        citation: string;
                                        /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                        url: string | null;
                                    };
                                } | null;
                            };
                            /** @description The statute that prohibits possessing cannabis (the offense and the schedule): cited by a fact group on a day when no later law in this record had changed it */
                            prohibition: {
                                authority: {
                                    /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                    citation: string;
                                    /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                    url: string | null;
                                };
                                /** @description Sources for the citation */
                                sources: {
                                    /** @description What the source is, e.g. the statute, regulator page or article title */
                                    title: string;
                                    /**
                                     * Format: uri
                                     * @description Where to read it
                                     */
                                    url: string;
                                    /**
                                     * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                     * @enum {unknown}
                                     */
                                    kind: "official" | "reference" | "news" | "advocacy";
                                }[];
                                /**
                                 * @description How sure the citation is: its text read, an official page, or two agreeing secondary sources
                                 * @enum {unknown}
                                 */
                                confidence: "law_text" | "official_guidance" | "secondary";
                                note: string | null;
                            };
                            /** @description The regulator, where one exists */
                            regulator: {
                                /** @description The agency that licenses and regulates cannabis */
                                name: string;
                                /**
                                 * Format: uri
                                 * @description Its website
                                 */
                                url: string;
                            } | null;
                            /** @description Caveats: pending measures, court challenges, vetoes, conflicting sources */
                            notes: string[];
                            /**
                             * Format: date
                             * @description Date this record was last checked against its sources. A later review moves only this date: what the record says about earlier days is fixed by `known_from`
                             */
                            last_reviewed: string;
                            /**
                             * Format: date
                             * @description The day from which the record's facts that carry no date of their own (a summary, a regulator, a value whose `since` is unknown) are known to hold: the review that first recorded them. It never moves on a later review; earlier days are reconstructed from the history
                             */
                            known_from: string;
                            /** @description Changes enacted but not yet in force on the record's day, soonest first: each with its effective date and the fields it sets */
                            upcoming: {
                                /** @description The event's identifier in the history */
                                id: string;
                                /** @description The event's kind */
                                kind: string;
                                /**
                                 * Format: date
                                 * @description ISO 8601 calendar date (YYYY-MM-DD)
                                 */
                                enacted: string;
                                /**
                                 * Format: date
                                 * @description ISO 8601 calendar date (YYYY-MM-DD)
                                 */
                                effective: string;
                                /** @description A short title */
                                title: string;
                                /** @description One sentence saying what will change */
                                summary: string;
                                /** @description The record's fields this change sets, by dotted path (e.g. `adult_use.delivery`), with their new values; they hold from `effective` on */
                                sets: {
                                    [key: string]: unknown;
                                };
                                /** @description The law behind these facts (null only where no law applies) */
                                authority: {
                                    /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                    citation: string;
                                    /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                    url: string | null;
                                } | null;
                            }[];
                            /** @description Every source cited anywhere in this record and its history, deduplicated */
                            sources: {
                                /** @description What the source is, e.g. the statute, regulator page or article title */
                                title: string;
                                /**
                                 * Format: uri
                                 * @description Where to read it
                                 */
                                url: string;
                                /**
                                 * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                 * @enum {unknown}
                                 */
                                kind: "official" | "reference" | "news" | "advocacy";
                            }[];
                            /**
                             * Format: date
                             * @description Date of the newest source read for this record (the release's `sources_current_to`): laws enacted or in force after it are not reflected. `last_reviewed` is the day the record was checked; this is how far what it was checked against reaches
                             */
                            sources_current_to: string;
                        } | {
                            /** @description USPS code */
                            code?: string;
                            /** @description Name */
                            name?: string;
                            /** @description Two-digit FIPS code */
                            fips?: string;
                            /**
                             * @description state, district (DC) or territory
                             * @enum {unknown}
                             */
                            type?: "state" | "district" | "territory";
                            /** @description The reader's summary of the law in force when the record was reviewed; null for an earlier day */
                            summary?: string | null;
                            /** @description Summary category on that day; null if unknown */
                            status?: ("adult_use" | "medical" | "low_thc" | "prohibited") | null;
                            /** @description Decriminalized on that day; null if unknown */
                            decriminalized?: boolean | null;
                            decriminalization?: {
                                /** @description Date possession of a small amount stopped being jailable */
                                since?: string | null;
                                /** @description Where `since` is unknown but the sources agree on the year (or month) the law took effect: the first day by which it was certainly in force (before it, the day is unknown, never guessed); null where `since` is known or nothing is */
                                in_force_by?: string | null;
                                summary?: string | null;
                                offense?: ("legal" | "civil" | "criminal") | null;
                                /** @description Whether jail is a possible penalty for a first small-amount offense */
                                jail_possible?: boolean | null;
                                /** @description The largest amount (grams of flower) treated as described by `offense`; null if none is set or unknown */
                                threshold_grams?: number | null;
                                /** @description The law behind these facts (null only where no law applies) */
                                authority?: {
                                    /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                    citation: string;
                                    /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                    url: string | null;
                                } | null;
                                /** @description Sources for the facts in this object */
                                sources?: {
                                    /** @description What the source is, e.g. the statute, regulator page or article title */
                                    title: string;
                                    /**
                                     * Format: uri
                                     * @description Where to read it
                                     */
                                    url: string;
                                    /**
                                     * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                     * @enum {unknown}
                                     */
                                    kind: "official" | "reference" | "news" | "advocacy";
                                }[];
                            };
                            adult_use?: {
                                /** @description Legal for adults on that day; null if unknown */
                                legal?: boolean | null;
                                /** @description The ballot measure or bill that legalized adult use */
                                enacted_by?: {
                                    /**
                                     * @description How it became law
                                     * @enum {unknown}
                                     */
                                    type: "ballot_measure" | "legislation" | "court_ruling" | "executive_action";
                                    /** @description The measure or bill, with its number and popular name */
                                    name: string;
                                    /** @description Date approved by voters, signed into law, or decided */
                                    date: string | null;
                                } | null;
                                /** @description Date adult possession became legal */
                                effective?: string | null;
                                /** @description Date licensed adult-use retail sales began; null if none yet */
                                sales_began?: string | null;
                                /** @description Personal possession limit */
                                possession_limit?: {
                                    /** @description Limit for cannabis flower in grams, or null if the law sets none or it is unknown */
                                    flower_grams: number | null;
                                    /** @description Limit for concentrate in grams, or null if the law sets none separately or it is unknown */
                                    concentrate_grams: number | null;
                                    /** @description The limit as the law states it, in plain words */
                                    summary: string;
                                } | null;
                                /** @description Home cultivation rules */
                                home_grow?: {
                                    /** @description Whether adults may cultivate at home; null if unknown */
                                    allowed: boolean | null;
                                    /** @description Plants allowed, counted per `per` */
                                    plants: number | null;
                                    /** @description Whether `plants` counts per adult or per household */
                                    per: ("adult" | "household") | null;
                                    /** @description Cap per household, if the law sets one */
                                    household_max: number | null;
                                    summary: string | null;
                                } | null;
                                /** @description Youngest age at which an adult may buy and possess */
                                minimum_age?: number | null;
                                /** @description How much a customer may buy; null where the law sets no limit, there are no sales, or it is unknown (see provenance) */
                                purchase_limit?: {
                                    /** @description Flower per period, in grams; null if the law sets no flower limit */
                                    flower_grams: number | null;
                                    /** @description Concentrate per period, in grams; null if the law sets none separately */
                                    concentrate_grams: number | null;
                                    /** @description THC in edible products per period, in milligrams; null if the law sets none separately */
                                    edible_thc_mg: number | null;
                                    /** @description Total THC per period, in milligrams, where the law counts several product forms (concentrates, edibles, other products) against one limit; null or absent where it sets no such total (then each form's own limit applies) */
                                    total_thc_mg?: number | null;
                                    /**
                                     * @description What the limits count over: one transaction, a day or a month
                                     * @enum {unknown}
                                     */
                                    period: "transaction" | "day" | "month";
                                    /** @description A lower flower limit for non-residents, in grams; null where residents and visitors share one limit */
                                    nonresident_flower_grams: number | null;
                                } | null;
                                public_consumption?: ("prohibited" | "allowed" | "designated_areas") | null;
                                /** @description Licensed consumption lounges */
                                onsite_consumption?: {
                                    /** @description The law allows licensed on-site consumption (lounges) */
                                    allowed: boolean;
                                    /** @description At least one licensed lounge is operating; null if unknown */
                                    operating: boolean | null;
                                } | null;
                                delivery?: ("allowed" | "not_allowed" | "medical_only") | null;
                                /** @description Municipalities or counties may prohibit adult-use businesses */
                                local_opt_out?: boolean | null;
                                /** @description The state's cannabis-specific taxes on adult-use sales ([] where none) */
                                taxes?: {
                                    /**
                                     * @description excise_retail_percent: a percent of the retail price; excise_wholesale_percent: a percent of the wholesale price; per_weight: dollars per unit of weight; per_thc_mg: dollars per milligram of THC; potency_tiered: a rate that depends on THC content; other
                                     * @enum {unknown}
                                     */
                                    kind: "excise_retail_percent" | "excise_wholesale_percent" | "per_weight" | "per_thc_mg" | "potency_tiered" | "other";
                                    /** @description Percent for the *_percent kinds, dollars per `unit` for per_weight and per_thc_mg; null for tiered and other taxes */
                                    rate: number | null;
                                    unit: string | null;
                                    /** @description The tax in plain words */
                                    description: string;
                                    /** @description Date this rate took effect, where known */
                                    since: string | null;
                                }[] | null;
                                /** @description The state's general sales tax also applies to adult-use sales */
                                general_sales_tax_applies?: boolean | null;
                                local_taxes?: string | null;
                                /** @description For each variable above: its law, its date, or why it is unknown */
                                provenance?: {
                                    minimum_age?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    purchase_limit?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    public_consumption?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    onsite_consumption?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    delivery?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    local_opt_out?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    taxes?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    general_sales_tax_applies?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                };
                                /** @description The law behind these facts (null only where no law applies) */
                                authority?: {
                                    /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                    citation: string;
                                    /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                    url: string | null;
                                } | null;
                                /** @description Sources for the facts in this object */
                                sources?: {
                                    /** @description What the source is, e.g. the statute, regulator page or article title */
                                    title: string;
                                    /**
                                     * Format: uri
                                     * @description Where to read it
                                     */
                                    url: string;
                                    /**
                                     * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                     * @enum {unknown}
                                     */
                                    kind: "official" | "reference" | "news" | "advocacy";
                                }[];
                            };
                            medical?: {
                                /** @description A medical program existed on that day; null if unknown */
                                legal?: boolean | null;
                                /** @description The program on that day */
                                program?: ("comprehensive" | "low_thc" | "none") | null;
                                /** @description The measure or bill that created the current program */
                                enacted_by?: {
                                    /**
                                     * @description How it became law
                                     * @enum {unknown}
                                     */
                                    type: "ballot_measure" | "legislation" | "court_ruling" | "executive_action";
                                    /** @description The measure or bill, with its number and popular name */
                                    name: string;
                                    /** @description Date approved by voters, signed into law, or decided */
                                    date: string | null;
                                } | null;
                                /** @description Date the program's law took effect */
                                effective?: string | null;
                                /** @description Date the first licensed medical dispensary opened (dispensaries allowed is not the same as open); null if none yet or unknown */
                                sales_began?: string | null;
                                /** @description Youngest age a patient may register without a caregiver */
                                minimum_age?: number | null;
                                reciprocity?: ("yes" | "registration" | "no") | null;
                                /** @description Home cultivation by patients */
                                patient_home_grow?: {
                                    /** @description Registered patients may cultivate */
                                    allowed: boolean;
                                    /** @description Plants allowed, where the law sets a count */
                                    plants: number | null;
                                } | null;
                                /** @description How much a patient may buy */
                                purchase_limit?: {
                                    /** @description Flower per period, in grams; null if the law sets no flower limit */
                                    flower_grams: number | null;
                                    /** @description Concentrate per period, in grams; null if the law sets none separately */
                                    concentrate_grams: number | null;
                                    /** @description THC in edible products per period, in milligrams; null if the law sets none separately */
                                    edible_thc_mg: number | null;
                                    /** @description Total THC per period, in milligrams, where the law counts several product forms (concentrates, edibles, other products) against one limit; null or absent where it sets no such total (then each form's own limit applies) */
                                    total_thc_mg?: number | null;
                                    /**
                                     * @description What the limits count over: one transaction, a day or a month
                                     * @enum {unknown}
                                     */
                                    period: "transaction" | "day" | "month";
                                    /** @description A lower flower limit for non-residents, in grams; null where residents and visitors share one limit */
                                    nonresident_flower_grams: number | null;
                                } | null;
                                /** @description For each variable above: its law, its date, or why it is unknown */
                                provenance?: {
                                    minimum_age?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    reciprocity?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    patient_home_grow?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    purchase_limit?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                };
                                /** @description The law behind these facts (null only where no law applies) */
                                authority?: {
                                    /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                    citation: string;
                                    /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                    url: string | null;
                                } | null;
                                /** @description Sources for the facts in this object */
                                sources?: {
                                    /** @description What the source is, e.g. the statute, regulator page or article title */
                                    title: string;
                                    /**
                                     * Format: uri
                                     * @description Where to read it
                                     */
                                    url: string;
                                    /**
                                     * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                     * @enum {unknown}
                                     */
                                    kind: "official" | "reference" | "news" | "advocacy";
                                }[];
                            };
                            hemp?: {
                                intoxicating_products?: ("prohibited" | "restricted" | "unregulated") | null;
                                /** @description The state's minimum age to buy them; null if it sets none */
                                minimum_age?: number | null;
                                summary?: string | null;
                                /** @description The law behind these facts (null only where no law applies) */
                                authority?: {
                                    /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                    citation: string;
                                    /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                    url: string | null;
                                } | null;
                                /** @description Sources for the facts in this object */
                                sources?: {
                                    /** @description What the source is, e.g. the statute, regulator page or article title */
                                    title: string;
                                    /**
                                     * Format: uri
                                     * @description Where to read it
                                     */
                                    url: string;
                                    /**
                                     * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                     * @enum {unknown}
                                     */
                                    kind: "official" | "reference" | "news" | "advocacy";
                                }[];
                                /** @description For each variable above: its law, its date, or why it is unknown */
                                provenance?: {
                                    intoxicating_products?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    minimum_age?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                };
                                /** @description Federal law on these products on the record's day, where it says more than the 2018 definition (from 2026-11-12: Pub. L. 119-37, § 781); null before */
                                federal?: {
                                    /**
                                     * @description Federal law's treatment of the same products, whatever the state allows
                                     * @enum {unknown}
                                     */
                                    intoxicating_products: "prohibited" | "restricted" | "unregulated";
                                    /** @description What federal law says, in plain words */
                                    summary: string;
                                    /**
                                     * Format: date
                                     * @description ISO 8601 calendar date (YYYY-MM-DD)
                                     */
                                    since: string;
                                    authority: {
                                        /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                        citation: string;
                                        /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                        url: string | null;
                                    };
                                } | null;
                            };
                            prohibition?: {
                                authority?: {
                                    /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                    citation: string;
                                    /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                    url: string | null;
                                };
                                /** @description Sources for the citation */
                                sources?: {
                                    /** @description What the source is, e.g. the statute, regulator page or article title */
                                    title: string;
                                    /**
                                     * Format: uri
                                     * @description Where to read it
                                     */
                                    url: string;
                                    /**
                                     * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                     * @enum {unknown}
                                     */
                                    kind: "official" | "reference" | "news" | "advocacy";
                                }[];
                                /**
                                 * @description How sure the citation is: its text read, an official page, or two agreeing secondary sources
                                 * @enum {unknown}
                                 */
                                confidence?: "law_text" | "official_guidance" | "secondary";
                                note?: string | null;
                            };
                            /** @description The regulator, where one exists */
                            regulator?: {
                                /** @description The agency that licenses and regulates cannabis */
                                name: string;
                                /**
                                 * Format: uri
                                 * @description Its website
                                 */
                                url: string;
                            } | null;
                            /** @description Caveats: pending measures, court challenges, vetoes, conflicting sources */
                            notes?: string[];
                            /**
                             * Format: date
                             * @description Date this record was last checked against its sources. A later review moves only this date: what the record says about earlier days is fixed by `known_from`
                             */
                            last_reviewed?: string;
                            /**
                             * Format: date
                             * @description The day from which the record's facts that carry no date of their own (a summary, a regulator, a value whose `since` is unknown) are known to hold: the review that first recorded them. It never moves on a later review; earlier days are reconstructed from the history
                             */
                            known_from?: string;
                            /** @description Changes enacted but not yet in force on the record's day, soonest first: each with its effective date and the fields it sets */
                            upcoming?: {
                                /** @description The event's identifier in the history */
                                id: string;
                                /** @description The event's kind */
                                kind: string;
                                /**
                                 * Format: date
                                 * @description ISO 8601 calendar date (YYYY-MM-DD)
                                 */
                                enacted: string;
                                /**
                                 * Format: date
                                 * @description ISO 8601 calendar date (YYYY-MM-DD)
                                 */
                                effective: string;
                                /** @description A short title */
                                title: string;
                                /** @description One sentence saying what will change */
                                summary: string;
                                /** @description The record's fields this change sets, by dotted path (e.g. `adult_use.delivery`), with their new values; they hold from `effective` on */
                                sets: {
                                    [key: string]: unknown;
                                };
                                /** @description The law behind these facts (null only where no law applies) */
                                authority: {
                                    /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                    citation: string;
                                    /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                    url: string | null;
                                } | null;
                            }[];
                            /** @description Every source cited anywhere in this record and its history, deduplicated */
                            sources?: {
                                /** @description What the source is, e.g. the statute, regulator page or article title */
                                title: string;
                                /**
                                 * Format: uri
                                 * @description Where to read it
                                 */
                                url: string;
                                /**
                                 * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                 * @enum {unknown}
                                 */
                                kind: "official" | "reference" | "news" | "advocacy";
                            }[];
                            /**
                             * Format: date
                             * @description Date of the newest source read for this record (the release's `sources_current_to`): laws enacted or in force after it are not reflected. `last_reviewed` is the day the record was checked; this is how far what it was checked against reaches
                             */
                            sources_current_to?: string;
                        })[];
                        meta: {
                            /** @description Dataset release, e.g. 2026.11.22 */
                            dataset_version: string;
                            /**
                             * Format: date
                             * @description Earliest last_reviewed among the records in `data`
                             */
                            last_reviewed: string;
                            /** @description Date of the newest source consulted for this dataset release: later events (an election, a law taking effect, a court ruling) are not reflected. Null if the release does not state it */
                            sources_current_to: string | null;
                            /** @description Number of items in `data` */
                            count: number;
                            /**
                             * Format: date
                             * @description The `as_of` day the records describe, when asked
                             */
                            as_of?: string;
                        };
                    };
                    "application/geo+json": {
                        /** @enum {string} */
                        type: "FeatureCollection";
                        features: {
                            /** @enum {string} */
                            type: "Feature";
                            /** @description USPS code */
                            id: string;
                            /** @description The jurisdiction's outline (us-atlas, 1:10m) */
                            geometry: {
                                /** @enum {unknown} */
                                type: "Polygon" | "MultiPolygon";
                                coordinates: unknown[][];
                            };
                            /** @description The columns of a release's `jurisdictions.csv`, with the same names and values (numbers, booleans and null as such). With `fields`: the columns derived from those top-level fields (e.g. `hemp` gives every `hemp_*` column, `sources` gives `source_count`), and `code`. */
                            properties: {
                                code?: string | number | boolean | null;
                                name?: string | number | boolean | null;
                                fips?: string | number | boolean | null;
                                type?: string | number | boolean | null;
                                status?: string | number | boolean | null;
                                decriminalized?: string | number | boolean | null;
                                decriminalized_since?: string | number | boolean | null;
                                adult_use_legal?: string | number | boolean | null;
                                adult_use_enacted_by_type?: string | number | boolean | null;
                                adult_use_enacted_by_name?: string | number | boolean | null;
                                adult_use_enacted_date?: string | number | boolean | null;
                                adult_use_effective?: string | number | boolean | null;
                                adult_use_sales_began?: string | number | boolean | null;
                                possession_limit_flower_grams?: string | number | boolean | null;
                                possession_limit_concentrate_grams?: string | number | boolean | null;
                                possession_limit_summary?: string | number | boolean | null;
                                home_grow_allowed?: string | number | boolean | null;
                                home_grow_plants?: string | number | boolean | null;
                                home_grow_per?: string | number | boolean | null;
                                home_grow_household_max?: string | number | boolean | null;
                                medical_legal?: string | number | boolean | null;
                                medical_program?: string | number | boolean | null;
                                medical_enacted_by_type?: string | number | boolean | null;
                                medical_enacted_by_name?: string | number | boolean | null;
                                medical_enacted_date?: string | number | boolean | null;
                                medical_effective?: string | number | boolean | null;
                                medical_sales_began?: string | number | boolean | null;
                                adult_use_minimum_age?: string | number | boolean | null;
                                adult_use_purchase_flower_grams?: string | number | boolean | null;
                                adult_use_purchase_period?: string | number | boolean | null;
                                adult_use_public_consumption?: string | number | boolean | null;
                                adult_use_lounges_allowed?: string | number | boolean | null;
                                adult_use_delivery?: string | number | boolean | null;
                                adult_use_delivery_allowed?: string | number | boolean | null;
                                adult_use_local_opt_out?: string | number | boolean | null;
                                adult_use_excise_retail_percent?: string | number | boolean | null;
                                adult_use_sales_tax_applies?: string | number | boolean | null;
                                medical_minimum_age?: string | number | boolean | null;
                                medical_reciprocity?: string | number | boolean | null;
                                medical_patient_home_grow?: string | number | boolean | null;
                                hemp_intoxicating_products?: string | number | boolean | null;
                                hemp_minimum_age?: string | number | boolean | null;
                                hemp_summary?: string | number | boolean | null;
                                regulator_name?: string | number | boolean | null;
                                regulator_url?: string | number | boolean | null;
                                summary?: string | number | boolean | null;
                                notes?: string | number | boolean | null;
                                source_count?: string | number | boolean | null;
                                last_reviewed?: string | number | boolean | null;
                                adult_use_minimum_age_null_reason?: string | number | boolean | null;
                                adult_use_minimum_age_confidence?: string | number | boolean | null;
                                adult_use_purchase_flower_grams_null_reason?: string | number | boolean | null;
                                adult_use_purchase_flower_grams_confidence?: string | number | boolean | null;
                                adult_use_purchase_period_null_reason?: string | number | boolean | null;
                                adult_use_purchase_period_confidence?: string | number | boolean | null;
                                adult_use_public_consumption_null_reason?: string | number | boolean | null;
                                adult_use_public_consumption_confidence?: string | number | boolean | null;
                                adult_use_lounges_allowed_null_reason?: string | number | boolean | null;
                                adult_use_lounges_allowed_confidence?: string | number | boolean | null;
                                adult_use_delivery_null_reason?: string | number | boolean | null;
                                adult_use_delivery_confidence?: string | number | boolean | null;
                                adult_use_delivery_allowed_null_reason?: string | number | boolean | null;
                                adult_use_delivery_allowed_confidence?: string | number | boolean | null;
                                adult_use_local_opt_out_null_reason?: string | number | boolean | null;
                                adult_use_local_opt_out_confidence?: string | number | boolean | null;
                                adult_use_excise_retail_percent_null_reason?: string | number | boolean | null;
                                adult_use_excise_retail_percent_confidence?: string | number | boolean | null;
                                adult_use_sales_tax_applies_null_reason?: string | number | boolean | null;
                                adult_use_sales_tax_applies_confidence?: string | number | boolean | null;
                                medical_minimum_age_null_reason?: string | number | boolean | null;
                                medical_minimum_age_confidence?: string | number | boolean | null;
                                medical_reciprocity_null_reason?: string | number | boolean | null;
                                medical_reciprocity_confidence?: string | number | boolean | null;
                                medical_patient_home_grow_null_reason?: string | number | boolean | null;
                                medical_patient_home_grow_confidence?: string | number | boolean | null;
                                hemp_intoxicating_products_null_reason?: string | number | boolean | null;
                                hemp_intoxicating_products_confidence?: string | number | boolean | null;
                                hemp_minimum_age_null_reason?: string | number | boolean | null;
                                hemp_minimum_age_confidence?: string | number | boolean | null;
                                hemp_federal_intoxicating_products?: string | number | boolean | null;
                                sources_current_to?: string | number | boolean | null;
                                adult_use_sales_operating?: string | number | boolean | null;
                                adult_use_purchase_concentrate_grams?: string | number | boolean | null;
                                adult_use_purchase_edible_thc_mg?: string | number | boolean | null;
                                adult_use_purchase_total_thc_mg?: string | number | boolean | null;
                                adult_use_purchase_nonresident_flower_grams?: string | number | boolean | null;
                                adult_use_excise_wholesale_percent?: string | number | boolean | null;
                                adult_use_tax_per_weight?: string | number | boolean | null;
                                adult_use_tax_per_thc_mg?: string | number | boolean | null;
                                adult_use_tax_potency_tiered?: string | number | boolean | null;
                                adult_use_tax_other?: string | number | boolean | null;
                                adult_use_tax_bases?: string | number | boolean | null;
                                adult_use_purchase_concentrate_grams_null_reason?: string | number | boolean | null;
                                adult_use_purchase_concentrate_grams_confidence?: string | number | boolean | null;
                                adult_use_purchase_edible_thc_mg_null_reason?: string | number | boolean | null;
                                adult_use_purchase_edible_thc_mg_confidence?: string | number | boolean | null;
                                adult_use_purchase_total_thc_mg_null_reason?: string | number | boolean | null;
                                adult_use_purchase_total_thc_mg_confidence?: string | number | boolean | null;
                                adult_use_purchase_nonresident_flower_grams_null_reason?: string | number | boolean | null;
                                adult_use_purchase_nonresident_flower_grams_confidence?: string | number | boolean | null;
                                adult_use_excise_wholesale_percent_null_reason?: string | number | boolean | null;
                                adult_use_excise_wholesale_percent_confidence?: string | number | boolean | null;
                                adult_use_tax_per_weight_null_reason?: string | number | boolean | null;
                                adult_use_tax_per_weight_confidence?: string | number | boolean | null;
                                adult_use_tax_per_thc_mg_null_reason?: string | number | boolean | null;
                                adult_use_tax_per_thc_mg_confidence?: string | number | boolean | null;
                                adult_use_tax_potency_tiered_null_reason?: string | number | boolean | null;
                                adult_use_tax_potency_tiered_confidence?: string | number | boolean | null;
                                adult_use_tax_other_null_reason?: string | number | boolean | null;
                                adult_use_tax_other_confidence?: string | number | boolean | null;
                                adult_use_tax_bases_null_reason?: string | number | boolean | null;
                                adult_use_tax_bases_confidence?: string | number | boolean | null;
                                decriminalization_citation?: string | number | boolean | null;
                                decriminalization_citation_url?: string | number | boolean | null;
                                adult_use_citation?: string | number | boolean | null;
                                adult_use_citation_url?: string | number | boolean | null;
                                medical_citation?: string | number | boolean | null;
                                medical_citation_url?: string | number | boolean | null;
                                hemp_citation?: string | number | boolean | null;
                                hemp_citation_url?: string | number | boolean | null;
                                adult_use_minimum_age_citation?: string | number | boolean | null;
                                adult_use_minimum_age_citation_url?: string | number | boolean | null;
                                adult_use_minimum_age_verified?: string | number | boolean | null;
                                adult_use_minimum_age_sources_current_to?: string | number | boolean | null;
                                adult_use_purchase_limit_citation?: string | number | boolean | null;
                                adult_use_purchase_limit_citation_url?: string | number | boolean | null;
                                adult_use_purchase_limit_verified?: string | number | boolean | null;
                                adult_use_purchase_limit_sources_current_to?: string | number | boolean | null;
                                adult_use_public_consumption_citation?: string | number | boolean | null;
                                adult_use_public_consumption_citation_url?: string | number | boolean | null;
                                adult_use_public_consumption_verified?: string | number | boolean | null;
                                adult_use_public_consumption_sources_current_to?: string | number | boolean | null;
                                adult_use_onsite_consumption_citation?: string | number | boolean | null;
                                adult_use_onsite_consumption_citation_url?: string | number | boolean | null;
                                adult_use_onsite_consumption_verified?: string | number | boolean | null;
                                adult_use_onsite_consumption_sources_current_to?: string | number | boolean | null;
                                adult_use_delivery_citation?: string | number | boolean | null;
                                adult_use_delivery_citation_url?: string | number | boolean | null;
                                adult_use_delivery_verified?: string | number | boolean | null;
                                adult_use_delivery_sources_current_to?: string | number | boolean | null;
                                adult_use_local_opt_out_citation?: string | number | boolean | null;
                                adult_use_local_opt_out_citation_url?: string | number | boolean | null;
                                adult_use_local_opt_out_verified?: string | number | boolean | null;
                                adult_use_local_opt_out_sources_current_to?: string | number | boolean | null;
                                adult_use_taxes_citation?: string | number | boolean | null;
                                adult_use_taxes_citation_url?: string | number | boolean | null;
                                adult_use_taxes_verified?: string | number | boolean | null;
                                adult_use_taxes_sources_current_to?: string | number | boolean | null;
                                adult_use_general_sales_tax_applies_citation?: string | number | boolean | null;
                                adult_use_general_sales_tax_applies_citation_url?: string | number | boolean | null;
                                adult_use_general_sales_tax_applies_verified?: string | number | boolean | null;
                                adult_use_general_sales_tax_applies_sources_current_to?: string | number | boolean | null;
                                medical_minimum_age_citation?: string | number | boolean | null;
                                medical_minimum_age_citation_url?: string | number | boolean | null;
                                medical_minimum_age_verified?: string | number | boolean | null;
                                medical_minimum_age_sources_current_to?: string | number | boolean | null;
                                medical_reciprocity_citation?: string | number | boolean | null;
                                medical_reciprocity_citation_url?: string | number | boolean | null;
                                medical_reciprocity_verified?: string | number | boolean | null;
                                medical_reciprocity_sources_current_to?: string | number | boolean | null;
                                medical_patient_home_grow_citation?: string | number | boolean | null;
                                medical_patient_home_grow_citation_url?: string | number | boolean | null;
                                medical_patient_home_grow_verified?: string | number | boolean | null;
                                medical_patient_home_grow_sources_current_to?: string | number | boolean | null;
                                medical_purchase_limit_citation?: string | number | boolean | null;
                                medical_purchase_limit_citation_url?: string | number | boolean | null;
                                medical_purchase_limit_verified?: string | number | boolean | null;
                                medical_purchase_limit_sources_current_to?: string | number | boolean | null;
                                hemp_intoxicating_products_citation?: string | number | boolean | null;
                                hemp_intoxicating_products_citation_url?: string | number | boolean | null;
                                hemp_intoxicating_products_verified?: string | number | boolean | null;
                                hemp_intoxicating_products_sources_current_to?: string | number | boolean | null;
                                hemp_minimum_age_citation?: string | number | boolean | null;
                                hemp_minimum_age_citation_url?: string | number | boolean | null;
                                hemp_minimum_age_verified?: string | number | boolean | null;
                                hemp_minimum_age_sources_current_to?: string | number | boolean | null;
                            };
                        }[];
                        meta: {
                            /** @description Dataset release, e.g. 2026.11.22 */
                            dataset_version: string;
                            /**
                             * Format: date
                             * @description Earliest last_reviewed among the records in `data`
                             */
                            last_reviewed: string;
                            /** @description Date of the newest source consulted for this dataset release: later events (an election, a law taking effect, a court ruling) are not reflected. Null if the release does not state it */
                            sources_current_to: string | null;
                            /** @description Number of items in `data` */
                            count: number;
                            /**
                             * Format: date
                             * @description The `as_of` day the records describe, when asked
                             */
                            as_of?: string;
                        };
                    };
                };
            };
            /** @description Not modified (If-None-Match matched the ETag) */
            304: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    /** @description Send back in If-None-Match */
                    ETag: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A query parameter is invalid or unknown (problem+json; `parameter` names it) */
            400: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @description URI reference documenting the problem type */
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        /**
                         * @description Stable, snake_case error code
                         * @enum {unknown}
                         */
                        code: "invalid_parameter" | "unknown_parameter" | "unknown_field" | "invalid_as_of" | "api_key_in_query" | "invalid_cursor" | "bad_request" | "invalid_api_key" | "expired_api_key" | "csrf_failed" | "cross_origin_refused" | "not_found" | "jurisdiction_not_found" | "method_not_allowed" | "payload_too_large" | "unsupported_media_type" | "request_timeout" | "request_header_fields_too_large" | "rate_limited" | "api_key_not_checked" | "internal_error" | "service_unavailable";
                        /** @description Quote it when reporting a problem */
                        request_id: string;
                        /** @description The offending parameter, for 400s */
                        parameter?: string;
                    };
                };
            };
            /** @description The X-API-Key is invalid (`invalid_api_key`) or expired (`expired_api_key`); never served as public */
            401: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @description URI reference documenting the problem type */
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        /**
                         * @description Stable, snake_case error code
                         * @enum {unknown}
                         */
                        code: "invalid_parameter" | "unknown_parameter" | "unknown_field" | "invalid_as_of" | "api_key_in_query" | "invalid_cursor" | "bad_request" | "invalid_api_key" | "expired_api_key" | "csrf_failed" | "cross_origin_refused" | "not_found" | "jurisdiction_not_found" | "method_not_allowed" | "payload_too_large" | "unsupported_media_type" | "request_timeout" | "request_header_fields_too_large" | "rate_limited" | "api_key_not_checked" | "internal_error" | "service_unavailable";
                        /** @description Quote it when reporting a problem */
                        request_id: string;
                        /** @description The offending parameter, for 400s */
                        parameter?: string;
                    };
                };
            };
            /** @description Method not allowed; see the Allow header */
            405: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @description URI reference documenting the problem type */
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        /**
                         * @description Stable, snake_case error code
                         * @enum {unknown}
                         */
                        code: "invalid_parameter" | "unknown_parameter" | "unknown_field" | "invalid_as_of" | "api_key_in_query" | "invalid_cursor" | "bad_request" | "invalid_api_key" | "expired_api_key" | "csrf_failed" | "cross_origin_refused" | "not_found" | "jurisdiction_not_found" | "method_not_allowed" | "payload_too_large" | "unsupported_media_type" | "request_timeout" | "request_header_fields_too_large" | "rate_limited" | "api_key_not_checked" | "internal_error" | "service_unavailable";
                        /** @description Quote it when reporting a problem */
                        request_id: string;
                        /** @description The offending parameter, for 400s */
                        parameter?: string;
                    };
                };
            };
            /** @description Rate limit exceeded (`rate_limited`; the body names the `policy`), or an API key not checked because its client has had too many unfamiliar keys looked up (`api_key_not_checked`; retry with the same key) */
            429: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    /** @description Seconds until a retry is admitted (exact) */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @description URI reference documenting the problem type */
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        /**
                         * @description Stable, snake_case error code
                         * @enum {unknown}
                         */
                        code: "invalid_parameter" | "unknown_parameter" | "unknown_field" | "invalid_as_of" | "api_key_in_query" | "invalid_cursor" | "bad_request" | "invalid_api_key" | "expired_api_key" | "csrf_failed" | "cross_origin_refused" | "not_found" | "jurisdiction_not_found" | "method_not_allowed" | "payload_too_large" | "unsupported_media_type" | "request_timeout" | "request_header_fields_too_large" | "rate_limited" | "api_key_not_checked" | "internal_error" | "service_unavailable";
                        /** @description Quote it when reporting a problem */
                        request_id: string;
                        /** @description The offending parameter, for 400s */
                        parameter?: string;
                    };
                };
            };
        };
    };
    listStatesHead: {
        parameters: {
            query?: {
                /** @description `territories` adds PR, GU, VI, MP and AS to the 50 states and DC. */
                include?: "territories";
                /** @description Comma-separated categories to keep: adult_use, medical, low_thc, prohibited. */
                status?: string;
                /** @description Keep only jurisdictions where small-amount possession is (true) or is not (false) decriminalized. */
                decriminalized?: "true" | "false";
                /**
                 * @description `operating`: keep jurisdictions where licensed adult-use retail sales have begun by the day asked (`as_of`, else today): `adult_use.sales_began` is set. `not_operating`: where they have not (adult use without a licensed market, such as DC and Virginia, and every jurisdiction without adult use). `status=adult_use&sales=operating` is where a licensed adult-use business can sell. A jurisdiction whose history cannot tell on an `as_of` day is in neither.
                 * @example operating
                 */
                sales?: "operating" | "not_operating";
                /**
                 * @description Answer as the law stood on this day (YYYY-MM-DD), reconstructed from the dated history: status, decriminalized and the adult-use and medical facts in force then; `null` where the history cannot tell. From the first recorded event to one year ahead.
                 * @example 2012-12-09
                 */
                as_of?: string;
                /** @description Comma-separated fields to return: top-level fields, e.g. `code,status` (code, name, fips, type, summary, status, decriminalized, decriminalization, adult_use, medical, hemp, prohibition, regulator, notes, last_reviewed, known_from, upcoming, sources, sources_current_to), or one value inside a group by its dotted path, e.g. `adult_use.purchase_limit` and `hemp.intoxicating_products` (comma-separated, as any field): only that value, with its provenance for a dated variable (`adult_use.provenance.purchase_limit`). An unknown name or path is refused (400 `unknown_field`, listing the valid ones). In GeoJSON, the flat columns derived from the top-level fields named (a dotted path counts as its group), and `code`. */
                fields?: string;
                /** @description `geojson` returns a GeoJSON FeatureCollection (`application/geo+json`), as does `Accept: application/geo+json`; `format` wins over `Accept`. Default `json`. */
                format?: "json" | "geojson";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The matching jurisdictions */
            200: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    /** @description Send back in If-None-Match */
                    ETag: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not modified (If-None-Match matched the ETag) */
            304: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    /** @description Send back in If-None-Match */
                    ETag: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A query parameter is invalid or unknown (problem+json; `parameter` names it) */
            400: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The X-API-Key is invalid (`invalid_api_key`) or expired (`expired_api_key`); never served as public */
            401: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Method not allowed; see the Allow header */
            405: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Rate limit exceeded (`rate_limited`; the body names the `policy`), or an API key not checked because its client has had too many unfamiliar keys looked up (`api_key_not_checked`; retry with the same key) */
            429: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    /** @description Seconds until a retry is admitted (exact) */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getState: {
        parameters: {
            query?: {
                /**
                 * @description Answer as the law stood on this day (YYYY-MM-DD), reconstructed from the dated history: status, decriminalized and the adult-use and medical facts in force then; `null` where the history cannot tell. From the first recorded event to one year ahead.
                 * @example 2012-12-09
                 */
                as_of?: string;
                /** @description Comma-separated fields to return: top-level fields, e.g. `code,status` (code, name, fips, type, summary, status, decriminalized, decriminalization, adult_use, medical, hemp, prohibition, regulator, notes, last_reviewed, known_from, upcoming, sources, sources_current_to), or one value inside a group by its dotted path, e.g. `adult_use.purchase_limit` and `hemp.intoxicating_products` (comma-separated, as any field): only that value, with its provenance for a dated variable (`adult_use.provenance.purchase_limit`). An unknown name or path is refused (400 `unknown_field`, listing the valid ones). In GeoJSON, the flat columns derived from the top-level fields named (a dotted path counts as its group), and `code`. */
                fields?: string;
            };
            header?: never;
            path: {
                /**
                 * @description USPS code, case-insensitive (e.g. `CA` or `ca`).
                 * @example CA
                 */
                code: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The jurisdiction's record */
            200: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    /** @description Send back in If-None-Match */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description USPS code */
                            code: string;
                            /** @description Name */
                            name: string;
                            /** @description Two-digit FIPS code */
                            fips: string;
                            /**
                             * @description state, district (DC) or territory
                             * @enum {unknown}
                             */
                            type: "state" | "district" | "territory";
                            /** @description One or two plain sentences for a reader: what an adult may do there today, and why a borderline case is classified as it is */
                            summary: string;
                            /**
                             * @description Summary category: adult_use (legal for adults), medical (comprehensive medical program), low_thc (CBD / low-THC only), prohibited
                             * @enum {unknown}
                             */
                            status: "adult_use" | "medical" | "low_thc" | "prohibited";
                            /** @description Possessing a small personal amount is not a jailable crime (always true where adult use is legal) */
                            decriminalized: boolean;
                            decriminalization: {
                                /** @description Date possession of a small amount stopped being jailable */
                                since: string | null;
                                /** @description Where `since` is unknown but the sources agree on the year (or month) the law took effect: the first day by which it was certainly in force (before it, the day is unknown, never guessed); null where `since` is known or nothing is */
                                in_force_by: string | null;
                                summary: string | null;
                                offense: ("legal" | "civil" | "criminal") | null;
                                /** @description Whether jail is a possible penalty for a first small-amount offense */
                                jail_possible: boolean | null;
                                /** @description The largest amount (grams of flower) treated as described by `offense`; null if none is set or unknown */
                                threshold_grams: number | null;
                                /** @description The law behind these facts (null only where no law applies) */
                                authority: {
                                    /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                    citation: string;
                                    /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                    url: string | null;
                                } | null;
                                /** @description Sources for the facts in this object */
                                sources: {
                                    /** @description What the source is, e.g. the statute, regulator page or article title */
                                    title: string;
                                    /**
                                     * Format: uri
                                     * @description Where to read it
                                     */
                                    url: string;
                                    /**
                                     * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                     * @enum {unknown}
                                     */
                                    kind: "official" | "reference" | "news" | "advocacy";
                                }[];
                            };
                            adult_use: {
                                /** @description Adults may legally possess cannabis for any purpose */
                                legal: boolean;
                                /** @description The ballot measure or bill that legalized adult use */
                                enacted_by: {
                                    /**
                                     * @description How it became law
                                     * @enum {unknown}
                                     */
                                    type: "ballot_measure" | "legislation" | "court_ruling" | "executive_action";
                                    /** @description The measure or bill, with its number and popular name */
                                    name: string;
                                    /** @description Date approved by voters, signed into law, or decided */
                                    date: string | null;
                                } | null;
                                /** @description Date adult possession became legal */
                                effective: string | null;
                                /** @description Date licensed adult-use retail sales began; null if none yet */
                                sales_began: string | null;
                                /** @description Personal possession limit */
                                possession_limit: {
                                    /** @description Limit for cannabis flower in grams, or null if the law sets none or it is unknown */
                                    flower_grams: number | null;
                                    /** @description Limit for concentrate in grams, or null if the law sets none separately or it is unknown */
                                    concentrate_grams: number | null;
                                    /** @description The limit as the law states it, in plain words */
                                    summary: string;
                                } | null;
                                /** @description Home cultivation rules */
                                home_grow: {
                                    /** @description Whether adults may cultivate at home; null if unknown */
                                    allowed: boolean | null;
                                    /** @description Plants allowed, counted per `per` */
                                    plants: number | null;
                                    /** @description Whether `plants` counts per adult or per household */
                                    per: ("adult" | "household") | null;
                                    /** @description Cap per household, if the law sets one */
                                    household_max: number | null;
                                    summary: string | null;
                                } | null;
                                /** @description Youngest age at which an adult may buy and possess */
                                minimum_age: number | null;
                                /** @description How much a customer may buy; null where the law sets no limit, there are no sales, or it is unknown (see provenance) */
                                purchase_limit: {
                                    /** @description Flower per period, in grams; null if the law sets no flower limit */
                                    flower_grams: number | null;
                                    /** @description Concentrate per period, in grams; null if the law sets none separately */
                                    concentrate_grams: number | null;
                                    /** @description THC in edible products per period, in milligrams; null if the law sets none separately */
                                    edible_thc_mg: number | null;
                                    /** @description Total THC per period, in milligrams, where the law counts several product forms (concentrates, edibles, other products) against one limit; null or absent where it sets no such total (then each form's own limit applies) */
                                    total_thc_mg?: number | null;
                                    /**
                                     * @description What the limits count over: one transaction, a day or a month
                                     * @enum {unknown}
                                     */
                                    period: "transaction" | "day" | "month";
                                    /** @description A lower flower limit for non-residents, in grams; null where residents and visitors share one limit */
                                    nonresident_flower_grams: number | null;
                                } | null;
                                public_consumption: ("prohibited" | "allowed" | "designated_areas") | null;
                                /** @description Licensed consumption lounges */
                                onsite_consumption: {
                                    /** @description The law allows licensed on-site consumption (lounges) */
                                    allowed: boolean;
                                    /** @description At least one licensed lounge is operating; null if unknown */
                                    operating: boolean | null;
                                } | null;
                                delivery: ("allowed" | "not_allowed" | "medical_only") | null;
                                /** @description Municipalities or counties may prohibit adult-use businesses */
                                local_opt_out: boolean | null;
                                /** @description The state's cannabis-specific taxes on adult-use sales ([] where none) */
                                taxes: {
                                    /**
                                     * @description excise_retail_percent: a percent of the retail price; excise_wholesale_percent: a percent of the wholesale price; per_weight: dollars per unit of weight; per_thc_mg: dollars per milligram of THC; potency_tiered: a rate that depends on THC content; other
                                     * @enum {unknown}
                                     */
                                    kind: "excise_retail_percent" | "excise_wholesale_percent" | "per_weight" | "per_thc_mg" | "potency_tiered" | "other";
                                    /** @description Percent for the *_percent kinds, dollars per `unit` for per_weight and per_thc_mg; null for tiered and other taxes */
                                    rate: number | null;
                                    unit: string | null;
                                    /** @description The tax in plain words */
                                    description: string;
                                    /** @description Date this rate took effect, where known */
                                    since: string | null;
                                }[] | null;
                                /** @description The state's general sales tax also applies to adult-use sales */
                                general_sales_tax_applies: boolean | null;
                                local_taxes: string | null;
                                /** @description For each variable above: its law, its date, or why it is unknown */
                                provenance: {
                                    minimum_age?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    purchase_limit?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    public_consumption?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    onsite_consumption?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    delivery?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    local_opt_out?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    taxes?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    general_sales_tax_applies?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                };
                                /** @description The law behind these facts (null only where no law applies) */
                                authority: {
                                    /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                    citation: string;
                                    /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                    url: string | null;
                                } | null;
                                /** @description Sources for the facts in this object */
                                sources: {
                                    /** @description What the source is, e.g. the statute, regulator page or article title */
                                    title: string;
                                    /**
                                     * Format: uri
                                     * @description Where to read it
                                     */
                                    url: string;
                                    /**
                                     * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                     * @enum {unknown}
                                     */
                                    kind: "official" | "reference" | "news" | "advocacy";
                                }[];
                            };
                            medical: {
                                /** @description A medical program (comprehensive or low-THC) exists */
                                legal: boolean;
                                /**
                                 * @description comprehensive: qualifying patients may obtain cannabis without a low-THC cap; low_thc: only CBD / low-THC products; none
                                 * @enum {unknown}
                                 */
                                program: "comprehensive" | "low_thc" | "none";
                                /** @description The measure or bill that created the current program */
                                enacted_by: {
                                    /**
                                     * @description How it became law
                                     * @enum {unknown}
                                     */
                                    type: "ballot_measure" | "legislation" | "court_ruling" | "executive_action";
                                    /** @description The measure or bill, with its number and popular name */
                                    name: string;
                                    /** @description Date approved by voters, signed into law, or decided */
                                    date: string | null;
                                } | null;
                                /** @description Date the program's law took effect */
                                effective: string | null;
                                /** @description Date the first licensed medical dispensary opened (dispensaries allowed is not the same as open); null if none yet or unknown */
                                sales_began: string | null;
                                /** @description Youngest age a patient may register without a caregiver */
                                minimum_age: number | null;
                                reciprocity: ("yes" | "registration" | "no") | null;
                                /** @description Home cultivation by patients */
                                patient_home_grow: {
                                    /** @description Registered patients may cultivate */
                                    allowed: boolean;
                                    /** @description Plants allowed, where the law sets a count */
                                    plants: number | null;
                                } | null;
                                /** @description How much a patient may buy */
                                purchase_limit: {
                                    /** @description Flower per period, in grams; null if the law sets no flower limit */
                                    flower_grams: number | null;
                                    /** @description Concentrate per period, in grams; null if the law sets none separately */
                                    concentrate_grams: number | null;
                                    /** @description THC in edible products per period, in milligrams; null if the law sets none separately */
                                    edible_thc_mg: number | null;
                                    /** @description Total THC per period, in milligrams, where the law counts several product forms (concentrates, edibles, other products) against one limit; null or absent where it sets no such total (then each form's own limit applies) */
                                    total_thc_mg?: number | null;
                                    /**
                                     * @description What the limits count over: one transaction, a day or a month
                                     * @enum {unknown}
                                     */
                                    period: "transaction" | "day" | "month";
                                    /** @description A lower flower limit for non-residents, in grams; null where residents and visitors share one limit */
                                    nonresident_flower_grams: number | null;
                                } | null;
                                /** @description For each variable above: its law, its date, or why it is unknown */
                                provenance: {
                                    minimum_age?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    reciprocity?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    patient_home_grow?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    purchase_limit?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                };
                                /** @description The law behind these facts (null only where no law applies) */
                                authority: {
                                    /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                    citation: string;
                                    /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                    url: string | null;
                                } | null;
                                /** @description Sources for the facts in this object */
                                sources: {
                                    /** @description What the source is, e.g. the statute, regulator page or article title */
                                    title: string;
                                    /**
                                     * Format: uri
                                     * @description Where to read it
                                     */
                                    url: string;
                                    /**
                                     * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                     * @enum {unknown}
                                     */
                                    kind: "official" | "reference" | "news" | "advocacy";
                                }[];
                            };
                            hemp: {
                                intoxicating_products: ("prohibited" | "restricted" | "unregulated") | null;
                                /** @description The state's minimum age to buy them; null if it sets none */
                                minimum_age: number | null;
                                summary: string | null;
                                /** @description The law behind these facts (null only where no law applies) */
                                authority: {
                                    /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                    citation: string;
                                    /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                    url: string | null;
                                } | null;
                                /** @description Sources for the facts in this object */
                                sources: {
                                    /** @description What the source is, e.g. the statute, regulator page or article title */
                                    title: string;
                                    /**
                                     * Format: uri
                                     * @description Where to read it
                                     */
                                    url: string;
                                    /**
                                     * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                     * @enum {unknown}
                                     */
                                    kind: "official" | "reference" | "news" | "advocacy";
                                }[];
                                /** @description For each variable above: its law, its date, or why it is unknown */
                                provenance: {
                                    intoxicating_products?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    minimum_age?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                };
                                /** @description Federal law on these products on the record's day, where it says more than the 2018 definition (from 2026-11-12: Pub. L. 119-37, § 781); null before */
                                federal: {
                                    /**
                                     * @description Federal law's treatment of the same products, whatever the state allows
                                     * @enum {unknown}
                                     */
                                    intoxicating_products: "prohibited" | "restricted" | "unregulated";
                                    /** @description What federal law says, in plain words */
                                    summary: string;
                                    /**
                                     * Format: date
                                     * @description ISO 8601 calendar date (YYYY-MM-DD)
                                     */
                                    since: string;
                                    authority: {
                                        /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                        citation: string;
                                        /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                        url: string | null;
                                    };
                                } | null;
                            };
                            /** @description The statute that prohibits possessing cannabis (the offense and the schedule): cited by a fact group on a day when no later law in this record had changed it */
                            prohibition: {
                                authority: {
                                    /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                    citation: string;
                                    /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                    url: string | null;
                                };
                                /** @description Sources for the citation */
                                sources: {
                                    /** @description What the source is, e.g. the statute, regulator page or article title */
                                    title: string;
                                    /**
                                     * Format: uri
                                     * @description Where to read it
                                     */
                                    url: string;
                                    /**
                                     * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                     * @enum {unknown}
                                     */
                                    kind: "official" | "reference" | "news" | "advocacy";
                                }[];
                                /**
                                 * @description How sure the citation is: its text read, an official page, or two agreeing secondary sources
                                 * @enum {unknown}
                                 */
                                confidence: "law_text" | "official_guidance" | "secondary";
                                note: string | null;
                            };
                            /** @description The regulator, where one exists */
                            regulator: {
                                /** @description The agency that licenses and regulates cannabis */
                                name: string;
                                /**
                                 * Format: uri
                                 * @description Its website
                                 */
                                url: string;
                            } | null;
                            /** @description Caveats: pending measures, court challenges, vetoes, conflicting sources */
                            notes: string[];
                            /**
                             * Format: date
                             * @description Date this record was last checked against its sources. A later review moves only this date: what the record says about earlier days is fixed by `known_from`
                             */
                            last_reviewed: string;
                            /**
                             * Format: date
                             * @description The day from which the record's facts that carry no date of their own (a summary, a regulator, a value whose `since` is unknown) are known to hold: the review that first recorded them. It never moves on a later review; earlier days are reconstructed from the history
                             */
                            known_from: string;
                            /** @description Changes enacted but not yet in force on the record's day, soonest first: each with its effective date and the fields it sets */
                            upcoming: {
                                /** @description The event's identifier in the history */
                                id: string;
                                /** @description The event's kind */
                                kind: string;
                                /**
                                 * Format: date
                                 * @description ISO 8601 calendar date (YYYY-MM-DD)
                                 */
                                enacted: string;
                                /**
                                 * Format: date
                                 * @description ISO 8601 calendar date (YYYY-MM-DD)
                                 */
                                effective: string;
                                /** @description A short title */
                                title: string;
                                /** @description One sentence saying what will change */
                                summary: string;
                                /** @description The record's fields this change sets, by dotted path (e.g. `adult_use.delivery`), with their new values; they hold from `effective` on */
                                sets: {
                                    [key: string]: unknown;
                                };
                                /** @description The law behind these facts (null only where no law applies) */
                                authority: {
                                    /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                    citation: string;
                                    /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                    url: string | null;
                                } | null;
                            }[];
                            /** @description Every source cited anywhere in this record and its history, deduplicated */
                            sources: {
                                /** @description What the source is, e.g. the statute, regulator page or article title */
                                title: string;
                                /**
                                 * Format: uri
                                 * @description Where to read it
                                 */
                                url: string;
                                /**
                                 * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                 * @enum {unknown}
                                 */
                                kind: "official" | "reference" | "news" | "advocacy";
                            }[];
                            /**
                             * Format: date
                             * @description Date of the newest source read for this record (the release's `sources_current_to`): laws enacted or in force after it are not reflected. `last_reviewed` is the day the record was checked; this is how far what it was checked against reaches
                             */
                            sources_current_to: string;
                        } | {
                            /** @description USPS code */
                            code: string;
                            /** @description Name */
                            name: string;
                            /** @description Two-digit FIPS code */
                            fips: string;
                            /**
                             * @description state, district (DC) or territory
                             * @enum {unknown}
                             */
                            type: "state" | "district" | "territory";
                            /** @description The reader's summary of the law in force when the record was reviewed; null for an earlier day */
                            summary: string | null;
                            /** @description Summary category on that day; null if unknown */
                            status: ("adult_use" | "medical" | "low_thc" | "prohibited") | null;
                            /** @description Decriminalized on that day; null if unknown */
                            decriminalized: boolean | null;
                            decriminalization: {
                                /** @description Date possession of a small amount stopped being jailable */
                                since: string | null;
                                /** @description Where `since` is unknown but the sources agree on the year (or month) the law took effect: the first day by which it was certainly in force (before it, the day is unknown, never guessed); null where `since` is known or nothing is */
                                in_force_by: string | null;
                                summary: string | null;
                                offense: ("legal" | "civil" | "criminal") | null;
                                /** @description Whether jail is a possible penalty for a first small-amount offense */
                                jail_possible: boolean | null;
                                /** @description The largest amount (grams of flower) treated as described by `offense`; null if none is set or unknown */
                                threshold_grams: number | null;
                                /** @description The law behind these facts (null only where no law applies) */
                                authority: {
                                    /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                    citation: string;
                                    /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                    url: string | null;
                                } | null;
                                /** @description Sources for the facts in this object */
                                sources: {
                                    /** @description What the source is, e.g. the statute, regulator page or article title */
                                    title: string;
                                    /**
                                     * Format: uri
                                     * @description Where to read it
                                     */
                                    url: string;
                                    /**
                                     * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                     * @enum {unknown}
                                     */
                                    kind: "official" | "reference" | "news" | "advocacy";
                                }[];
                            };
                            adult_use: {
                                /** @description Legal for adults on that day; null if unknown */
                                legal: boolean | null;
                                /** @description The ballot measure or bill that legalized adult use */
                                enacted_by: {
                                    /**
                                     * @description How it became law
                                     * @enum {unknown}
                                     */
                                    type: "ballot_measure" | "legislation" | "court_ruling" | "executive_action";
                                    /** @description The measure or bill, with its number and popular name */
                                    name: string;
                                    /** @description Date approved by voters, signed into law, or decided */
                                    date: string | null;
                                } | null;
                                /** @description Date adult possession became legal */
                                effective: string | null;
                                /** @description Date licensed adult-use retail sales began; null if none yet */
                                sales_began: string | null;
                                /** @description Personal possession limit */
                                possession_limit: {
                                    /** @description Limit for cannabis flower in grams, or null if the law sets none or it is unknown */
                                    flower_grams: number | null;
                                    /** @description Limit for concentrate in grams, or null if the law sets none separately or it is unknown */
                                    concentrate_grams: number | null;
                                    /** @description The limit as the law states it, in plain words */
                                    summary: string;
                                } | null;
                                /** @description Home cultivation rules */
                                home_grow: {
                                    /** @description Whether adults may cultivate at home; null if unknown */
                                    allowed: boolean | null;
                                    /** @description Plants allowed, counted per `per` */
                                    plants: number | null;
                                    /** @description Whether `plants` counts per adult or per household */
                                    per: ("adult" | "household") | null;
                                    /** @description Cap per household, if the law sets one */
                                    household_max: number | null;
                                    summary: string | null;
                                } | null;
                                /** @description Youngest age at which an adult may buy and possess */
                                minimum_age: number | null;
                                /** @description How much a customer may buy; null where the law sets no limit, there are no sales, or it is unknown (see provenance) */
                                purchase_limit: {
                                    /** @description Flower per period, in grams; null if the law sets no flower limit */
                                    flower_grams: number | null;
                                    /** @description Concentrate per period, in grams; null if the law sets none separately */
                                    concentrate_grams: number | null;
                                    /** @description THC in edible products per period, in milligrams; null if the law sets none separately */
                                    edible_thc_mg: number | null;
                                    /** @description Total THC per period, in milligrams, where the law counts several product forms (concentrates, edibles, other products) against one limit; null or absent where it sets no such total (then each form's own limit applies) */
                                    total_thc_mg?: number | null;
                                    /**
                                     * @description What the limits count over: one transaction, a day or a month
                                     * @enum {unknown}
                                     */
                                    period: "transaction" | "day" | "month";
                                    /** @description A lower flower limit for non-residents, in grams; null where residents and visitors share one limit */
                                    nonresident_flower_grams: number | null;
                                } | null;
                                public_consumption: ("prohibited" | "allowed" | "designated_areas") | null;
                                /** @description Licensed consumption lounges */
                                onsite_consumption: {
                                    /** @description The law allows licensed on-site consumption (lounges) */
                                    allowed: boolean;
                                    /** @description At least one licensed lounge is operating; null if unknown */
                                    operating: boolean | null;
                                } | null;
                                delivery: ("allowed" | "not_allowed" | "medical_only") | null;
                                /** @description Municipalities or counties may prohibit adult-use businesses */
                                local_opt_out: boolean | null;
                                /** @description The state's cannabis-specific taxes on adult-use sales ([] where none) */
                                taxes: {
                                    /**
                                     * @description excise_retail_percent: a percent of the retail price; excise_wholesale_percent: a percent of the wholesale price; per_weight: dollars per unit of weight; per_thc_mg: dollars per milligram of THC; potency_tiered: a rate that depends on THC content; other
                                     * @enum {unknown}
                                     */
                                    kind: "excise_retail_percent" | "excise_wholesale_percent" | "per_weight" | "per_thc_mg" | "potency_tiered" | "other";
                                    /** @description Percent for the *_percent kinds, dollars per `unit` for per_weight and per_thc_mg; null for tiered and other taxes */
                                    rate: number | null;
                                    unit: string | null;
                                    /** @description The tax in plain words */
                                    description: string;
                                    /** @description Date this rate took effect, where known */
                                    since: string | null;
                                }[] | null;
                                /** @description The state's general sales tax also applies to adult-use sales */
                                general_sales_tax_applies: boolean | null;
                                local_taxes: string | null;
                                /** @description For each variable above: its law, its date, or why it is unknown */
                                provenance: {
                                    minimum_age?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    purchase_limit?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    public_consumption?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    onsite_consumption?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    delivery?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    local_opt_out?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    taxes?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    general_sales_tax_applies?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                };
                                /** @description The law behind these facts (null only where no law applies) */
                                authority: {
                                    /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                    citation: string;
                                    /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                    url: string | null;
                                } | null;
                                /** @description Sources for the facts in this object */
                                sources: {
                                    /** @description What the source is, e.g. the statute, regulator page or article title */
                                    title: string;
                                    /**
                                     * Format: uri
                                     * @description Where to read it
                                     */
                                    url: string;
                                    /**
                                     * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                     * @enum {unknown}
                                     */
                                    kind: "official" | "reference" | "news" | "advocacy";
                                }[];
                            };
                            medical: {
                                /** @description A medical program existed on that day; null if unknown */
                                legal: boolean | null;
                                /** @description The program on that day */
                                program: ("comprehensive" | "low_thc" | "none") | null;
                                /** @description The measure or bill that created the current program */
                                enacted_by: {
                                    /**
                                     * @description How it became law
                                     * @enum {unknown}
                                     */
                                    type: "ballot_measure" | "legislation" | "court_ruling" | "executive_action";
                                    /** @description The measure or bill, with its number and popular name */
                                    name: string;
                                    /** @description Date approved by voters, signed into law, or decided */
                                    date: string | null;
                                } | null;
                                /** @description Date the program's law took effect */
                                effective: string | null;
                                /** @description Date the first licensed medical dispensary opened (dispensaries allowed is not the same as open); null if none yet or unknown */
                                sales_began: string | null;
                                /** @description Youngest age a patient may register without a caregiver */
                                minimum_age: number | null;
                                reciprocity: ("yes" | "registration" | "no") | null;
                                /** @description Home cultivation by patients */
                                patient_home_grow: {
                                    /** @description Registered patients may cultivate */
                                    allowed: boolean;
                                    /** @description Plants allowed, where the law sets a count */
                                    plants: number | null;
                                } | null;
                                /** @description How much a patient may buy */
                                purchase_limit: {
                                    /** @description Flower per period, in grams; null if the law sets no flower limit */
                                    flower_grams: number | null;
                                    /** @description Concentrate per period, in grams; null if the law sets none separately */
                                    concentrate_grams: number | null;
                                    /** @description THC in edible products per period, in milligrams; null if the law sets none separately */
                                    edible_thc_mg: number | null;
                                    /** @description Total THC per period, in milligrams, where the law counts several product forms (concentrates, edibles, other products) against one limit; null or absent where it sets no such total (then each form's own limit applies) */
                                    total_thc_mg?: number | null;
                                    /**
                                     * @description What the limits count over: one transaction, a day or a month
                                     * @enum {unknown}
                                     */
                                    period: "transaction" | "day" | "month";
                                    /** @description A lower flower limit for non-residents, in grams; null where residents and visitors share one limit */
                                    nonresident_flower_grams: number | null;
                                } | null;
                                /** @description For each variable above: its law, its date, or why it is unknown */
                                provenance: {
                                    minimum_age?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    reciprocity?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    patient_home_grow?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    purchase_limit?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                };
                                /** @description The law behind these facts (null only where no law applies) */
                                authority: {
                                    /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                    citation: string;
                                    /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                    url: string | null;
                                } | null;
                                /** @description Sources for the facts in this object */
                                sources: {
                                    /** @description What the source is, e.g. the statute, regulator page or article title */
                                    title: string;
                                    /**
                                     * Format: uri
                                     * @description Where to read it
                                     */
                                    url: string;
                                    /**
                                     * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                     * @enum {unknown}
                                     */
                                    kind: "official" | "reference" | "news" | "advocacy";
                                }[];
                            };
                            hemp: {
                                intoxicating_products: ("prohibited" | "restricted" | "unregulated") | null;
                                /** @description The state's minimum age to buy them; null if it sets none */
                                minimum_age: number | null;
                                summary: string | null;
                                /** @description The law behind these facts (null only where no law applies) */
                                authority: {
                                    /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                    citation: string;
                                    /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                    url: string | null;
                                } | null;
                                /** @description Sources for the facts in this object */
                                sources: {
                                    /** @description What the source is, e.g. the statute, regulator page or article title */
                                    title: string;
                                    /**
                                     * Format: uri
                                     * @description Where to read it
                                     */
                                    url: string;
                                    /**
                                     * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                     * @enum {unknown}
                                     */
                                    kind: "official" | "reference" | "news" | "advocacy";
                                }[];
                                /** @description For each variable above: its law, its date, or why it is unknown */
                                provenance: {
                                    intoxicating_products?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    minimum_age?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                };
                                /** @description Federal law on these products on the record's day, where it says more than the 2018 definition (from 2026-11-12: Pub. L. 119-37, § 781); null before */
                                federal: {
                                    /**
                                     * @description Federal law's treatment of the same products, whatever the state allows
                                     * @enum {unknown}
                                     */
                                    intoxicating_products: "prohibited" | "restricted" | "unregulated";
                                    /** @description What federal law says, in plain words */
                                    summary: string;
                                    /**
                                     * Format: date
                                     * @description ISO 8601 calendar date (YYYY-MM-DD)
                                     */
                                    since: string;
                                    authority: {
                                        /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                        citation: string;
                                        /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                        url: string | null;
                                    };
                                } | null;
                            };
                            /** @description The statute that prohibits possessing cannabis (the offense and the schedule): cited by a fact group on a day when no later law in this record had changed it */
                            prohibition: {
                                authority: {
                                    /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                    citation: string;
                                    /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                    url: string | null;
                                };
                                /** @description Sources for the citation */
                                sources: {
                                    /** @description What the source is, e.g. the statute, regulator page or article title */
                                    title: string;
                                    /**
                                     * Format: uri
                                     * @description Where to read it
                                     */
                                    url: string;
                                    /**
                                     * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                     * @enum {unknown}
                                     */
                                    kind: "official" | "reference" | "news" | "advocacy";
                                }[];
                                /**
                                 * @description How sure the citation is: its text read, an official page, or two agreeing secondary sources
                                 * @enum {unknown}
                                 */
                                confidence: "law_text" | "official_guidance" | "secondary";
                                note: string | null;
                            };
                            /** @description The regulator, where one exists */
                            regulator: {
                                /** @description The agency that licenses and regulates cannabis */
                                name: string;
                                /**
                                 * Format: uri
                                 * @description Its website
                                 */
                                url: string;
                            } | null;
                            /** @description Caveats: pending measures, court challenges, vetoes, conflicting sources */
                            notes: string[];
                            /**
                             * Format: date
                             * @description Date this record was last checked against its sources. A later review moves only this date: what the record says about earlier days is fixed by `known_from`
                             */
                            last_reviewed: string;
                            /**
                             * Format: date
                             * @description The day from which the record's facts that carry no date of their own (a summary, a regulator, a value whose `since` is unknown) are known to hold: the review that first recorded them. It never moves on a later review; earlier days are reconstructed from the history
                             */
                            known_from: string;
                            /** @description Changes enacted but not yet in force on the record's day, soonest first: each with its effective date and the fields it sets */
                            upcoming: {
                                /** @description The event's identifier in the history */
                                id: string;
                                /** @description The event's kind */
                                kind: string;
                                /**
                                 * Format: date
                                 * @description ISO 8601 calendar date (YYYY-MM-DD)
                                 */
                                enacted: string;
                                /**
                                 * Format: date
                                 * @description ISO 8601 calendar date (YYYY-MM-DD)
                                 */
                                effective: string;
                                /** @description A short title */
                                title: string;
                                /** @description One sentence saying what will change */
                                summary: string;
                                /** @description The record's fields this change sets, by dotted path (e.g. `adult_use.delivery`), with their new values; they hold from `effective` on */
                                sets: {
                                    [key: string]: unknown;
                                };
                                /** @description The law behind these facts (null only where no law applies) */
                                authority: {
                                    /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                    citation: string;
                                    /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                    url: string | null;
                                } | null;
                            }[];
                            /** @description Every source cited anywhere in this record and its history, deduplicated */
                            sources: {
                                /** @description What the source is, e.g. the statute, regulator page or article title */
                                title: string;
                                /**
                                 * Format: uri
                                 * @description Where to read it
                                 */
                                url: string;
                                /**
                                 * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                 * @enum {unknown}
                                 */
                                kind: "official" | "reference" | "news" | "advocacy";
                            }[];
                            /**
                             * Format: date
                             * @description Date of the newest source read for this record (the release's `sources_current_to`): laws enacted or in force after it are not reflected. `last_reviewed` is the day the record was checked; this is how far what it was checked against reaches
                             */
                            sources_current_to: string;
                        } | {
                            /** @description USPS code */
                            code?: string;
                            /** @description Name */
                            name?: string;
                            /** @description Two-digit FIPS code */
                            fips?: string;
                            /**
                             * @description state, district (DC) or territory
                             * @enum {unknown}
                             */
                            type?: "state" | "district" | "territory";
                            /** @description The reader's summary of the law in force when the record was reviewed; null for an earlier day */
                            summary?: string | null;
                            /** @description Summary category on that day; null if unknown */
                            status?: ("adult_use" | "medical" | "low_thc" | "prohibited") | null;
                            /** @description Decriminalized on that day; null if unknown */
                            decriminalized?: boolean | null;
                            decriminalization?: {
                                /** @description Date possession of a small amount stopped being jailable */
                                since?: string | null;
                                /** @description Where `since` is unknown but the sources agree on the year (or month) the law took effect: the first day by which it was certainly in force (before it, the day is unknown, never guessed); null where `since` is known or nothing is */
                                in_force_by?: string | null;
                                summary?: string | null;
                                offense?: ("legal" | "civil" | "criminal") | null;
                                /** @description Whether jail is a possible penalty for a first small-amount offense */
                                jail_possible?: boolean | null;
                                /** @description The largest amount (grams of flower) treated as described by `offense`; null if none is set or unknown */
                                threshold_grams?: number | null;
                                /** @description The law behind these facts (null only where no law applies) */
                                authority?: {
                                    /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                    citation: string;
                                    /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                    url: string | null;
                                } | null;
                                /** @description Sources for the facts in this object */
                                sources?: {
                                    /** @description What the source is, e.g. the statute, regulator page or article title */
                                    title: string;
                                    /**
                                     * Format: uri
                                     * @description Where to read it
                                     */
                                    url: string;
                                    /**
                                     * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                     * @enum {unknown}
                                     */
                                    kind: "official" | "reference" | "news" | "advocacy";
                                }[];
                            };
                            adult_use?: {
                                /** @description Legal for adults on that day; null if unknown */
                                legal?: boolean | null;
                                /** @description The ballot measure or bill that legalized adult use */
                                enacted_by?: {
                                    /**
                                     * @description How it became law
                                     * @enum {unknown}
                                     */
                                    type: "ballot_measure" | "legislation" | "court_ruling" | "executive_action";
                                    /** @description The measure or bill, with its number and popular name */
                                    name: string;
                                    /** @description Date approved by voters, signed into law, or decided */
                                    date: string | null;
                                } | null;
                                /** @description Date adult possession became legal */
                                effective?: string | null;
                                /** @description Date licensed adult-use retail sales began; null if none yet */
                                sales_began?: string | null;
                                /** @description Personal possession limit */
                                possession_limit?: {
                                    /** @description Limit for cannabis flower in grams, or null if the law sets none or it is unknown */
                                    flower_grams: number | null;
                                    /** @description Limit for concentrate in grams, or null if the law sets none separately or it is unknown */
                                    concentrate_grams: number | null;
                                    /** @description The limit as the law states it, in plain words */
                                    summary: string;
                                } | null;
                                /** @description Home cultivation rules */
                                home_grow?: {
                                    /** @description Whether adults may cultivate at home; null if unknown */
                                    allowed: boolean | null;
                                    /** @description Plants allowed, counted per `per` */
                                    plants: number | null;
                                    /** @description Whether `plants` counts per adult or per household */
                                    per: ("adult" | "household") | null;
                                    /** @description Cap per household, if the law sets one */
                                    household_max: number | null;
                                    summary: string | null;
                                } | null;
                                /** @description Youngest age at which an adult may buy and possess */
                                minimum_age?: number | null;
                                /** @description How much a customer may buy; null where the law sets no limit, there are no sales, or it is unknown (see provenance) */
                                purchase_limit?: {
                                    /** @description Flower per period, in grams; null if the law sets no flower limit */
                                    flower_grams: number | null;
                                    /** @description Concentrate per period, in grams; null if the law sets none separately */
                                    concentrate_grams: number | null;
                                    /** @description THC in edible products per period, in milligrams; null if the law sets none separately */
                                    edible_thc_mg: number | null;
                                    /** @description Total THC per period, in milligrams, where the law counts several product forms (concentrates, edibles, other products) against one limit; null or absent where it sets no such total (then each form's own limit applies) */
                                    total_thc_mg?: number | null;
                                    /**
                                     * @description What the limits count over: one transaction, a day or a month
                                     * @enum {unknown}
                                     */
                                    period: "transaction" | "day" | "month";
                                    /** @description A lower flower limit for non-residents, in grams; null where residents and visitors share one limit */
                                    nonresident_flower_grams: number | null;
                                } | null;
                                public_consumption?: ("prohibited" | "allowed" | "designated_areas") | null;
                                /** @description Licensed consumption lounges */
                                onsite_consumption?: {
                                    /** @description The law allows licensed on-site consumption (lounges) */
                                    allowed: boolean;
                                    /** @description At least one licensed lounge is operating; null if unknown */
                                    operating: boolean | null;
                                } | null;
                                delivery?: ("allowed" | "not_allowed" | "medical_only") | null;
                                /** @description Municipalities or counties may prohibit adult-use businesses */
                                local_opt_out?: boolean | null;
                                /** @description The state's cannabis-specific taxes on adult-use sales ([] where none) */
                                taxes?: {
                                    /**
                                     * @description excise_retail_percent: a percent of the retail price; excise_wholesale_percent: a percent of the wholesale price; per_weight: dollars per unit of weight; per_thc_mg: dollars per milligram of THC; potency_tiered: a rate that depends on THC content; other
                                     * @enum {unknown}
                                     */
                                    kind: "excise_retail_percent" | "excise_wholesale_percent" | "per_weight" | "per_thc_mg" | "potency_tiered" | "other";
                                    /** @description Percent for the *_percent kinds, dollars per `unit` for per_weight and per_thc_mg; null for tiered and other taxes */
                                    rate: number | null;
                                    unit: string | null;
                                    /** @description The tax in plain words */
                                    description: string;
                                    /** @description Date this rate took effect, where known */
                                    since: string | null;
                                }[] | null;
                                /** @description The state's general sales tax also applies to adult-use sales */
                                general_sales_tax_applies?: boolean | null;
                                local_taxes?: string | null;
                                /** @description For each variable above: its law, its date, or why it is unknown */
                                provenance?: {
                                    minimum_age?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    purchase_limit?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    public_consumption?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    onsite_consumption?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    delivery?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    local_opt_out?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    taxes?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    general_sales_tax_applies?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                };
                                /** @description The law behind these facts (null only where no law applies) */
                                authority?: {
                                    /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                    citation: string;
                                    /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                    url: string | null;
                                } | null;
                                /** @description Sources for the facts in this object */
                                sources?: {
                                    /** @description What the source is, e.g. the statute, regulator page or article title */
                                    title: string;
                                    /**
                                     * Format: uri
                                     * @description Where to read it
                                     */
                                    url: string;
                                    /**
                                     * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                     * @enum {unknown}
                                     */
                                    kind: "official" | "reference" | "news" | "advocacy";
                                }[];
                            };
                            medical?: {
                                /** @description A medical program existed on that day; null if unknown */
                                legal?: boolean | null;
                                /** @description The program on that day */
                                program?: ("comprehensive" | "low_thc" | "none") | null;
                                /** @description The measure or bill that created the current program */
                                enacted_by?: {
                                    /**
                                     * @description How it became law
                                     * @enum {unknown}
                                     */
                                    type: "ballot_measure" | "legislation" | "court_ruling" | "executive_action";
                                    /** @description The measure or bill, with its number and popular name */
                                    name: string;
                                    /** @description Date approved by voters, signed into law, or decided */
                                    date: string | null;
                                } | null;
                                /** @description Date the program's law took effect */
                                effective?: string | null;
                                /** @description Date the first licensed medical dispensary opened (dispensaries allowed is not the same as open); null if none yet or unknown */
                                sales_began?: string | null;
                                /** @description Youngest age a patient may register without a caregiver */
                                minimum_age?: number | null;
                                reciprocity?: ("yes" | "registration" | "no") | null;
                                /** @description Home cultivation by patients */
                                patient_home_grow?: {
                                    /** @description Registered patients may cultivate */
                                    allowed: boolean;
                                    /** @description Plants allowed, where the law sets a count */
                                    plants: number | null;
                                } | null;
                                /** @description How much a patient may buy */
                                purchase_limit?: {
                                    /** @description Flower per period, in grams; null if the law sets no flower limit */
                                    flower_grams: number | null;
                                    /** @description Concentrate per period, in grams; null if the law sets none separately */
                                    concentrate_grams: number | null;
                                    /** @description THC in edible products per period, in milligrams; null if the law sets none separately */
                                    edible_thc_mg: number | null;
                                    /** @description Total THC per period, in milligrams, where the law counts several product forms (concentrates, edibles, other products) against one limit; null or absent where it sets no such total (then each form's own limit applies) */
                                    total_thc_mg?: number | null;
                                    /**
                                     * @description What the limits count over: one transaction, a day or a month
                                     * @enum {unknown}
                                     */
                                    period: "transaction" | "day" | "month";
                                    /** @description A lower flower limit for non-residents, in grams; null where residents and visitors share one limit */
                                    nonresident_flower_grams: number | null;
                                } | null;
                                /** @description For each variable above: its law, its date, or why it is unknown */
                                provenance?: {
                                    minimum_age?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    reciprocity?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    patient_home_grow?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    purchase_limit?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                };
                                /** @description The law behind these facts (null only where no law applies) */
                                authority?: {
                                    /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                    citation: string;
                                    /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                    url: string | null;
                                } | null;
                                /** @description Sources for the facts in this object */
                                sources?: {
                                    /** @description What the source is, e.g. the statute, regulator page or article title */
                                    title: string;
                                    /**
                                     * Format: uri
                                     * @description Where to read it
                                     */
                                    url: string;
                                    /**
                                     * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                     * @enum {unknown}
                                     */
                                    kind: "official" | "reference" | "news" | "advocacy";
                                }[];
                            };
                            hemp?: {
                                intoxicating_products?: ("prohibited" | "restricted" | "unregulated") | null;
                                /** @description The state's minimum age to buy them; null if it sets none */
                                minimum_age?: number | null;
                                summary?: string | null;
                                /** @description The law behind these facts (null only where no law applies) */
                                authority?: {
                                    /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                    citation: string;
                                    /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                    url: string | null;
                                } | null;
                                /** @description Sources for the facts in this object */
                                sources?: {
                                    /** @description What the source is, e.g. the statute, regulator page or article title */
                                    title: string;
                                    /**
                                     * Format: uri
                                     * @description Where to read it
                                     */
                                    url: string;
                                    /**
                                     * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                     * @enum {unknown}
                                     */
                                    kind: "official" | "reference" | "news" | "advocacy";
                                }[];
                                /** @description For each variable above: its law, its date, or why it is unknown */
                                provenance?: {
                                    intoxicating_products?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                    minimum_age?: {
                                        /** @description Date the value has been in force; null if unknown */
                                        since: string | null;
                                        /** @description Why `since` is null where the value is set; null where `since` is known or the value is null */
                                        since_unknown: string | null;
                                        /** @description The law that sets the value (or that makes it not apply) */
                                        authority: {
                                            /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                            citation: string;
                                            /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                            url: string | null;
                                        } | null;
                                        /** @description Why the value is null where it is unknown; null where the value is known or does not apply */
                                        unknown: string | null;
                                        /** @description Why the value is null; null where the value is set */
                                        null_reason: ("none" | "not_applicable" | "unknown") | null;
                                        /** @description How sure the value is (also for `none` and `not_applicable`); null only where the value is unknown */
                                        confidence: ("law_text" | "official_guidance" | "secondary") | null;
                                        /** @description Date the value was last checked against its source; null only where the value is unknown */
                                        verified: string | null;
                                        /** @description What the value was read in, where the group's sources and the authority do not say it alone (at least two for `secondary`) */
                                        sources: {
                                            /** @description What the source is, e.g. the statute, regulator page or article title */
                                            title: string;
                                            /**
                                             * Format: uri
                                             * @description Where to read it
                                             */
                                            url: string;
                                            /**
                                             * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "reference" | "news" | "advocacy";
                                        }[];
                                        /** @description Who coded the value (recorded from the change or correction that set it; absent for values coded before coders were recorded) */
                                        coded_by?: string;
                                        /** @description Who reviewed the coding: a second person, never the coder */
                                        reviewed_by?: string;
                                        /**
                                         * Format: date
                                         * @description Date of the newest source read for this value: later changes are not reflected, whatever `verified` says. Served for every value: the record's `sources_current_to` unless the value states an earlier day
                                         */
                                        sources_current_to?: string;
                                    };
                                };
                                /** @description Federal law on these products on the record's day, where it says more than the 2018 definition (from 2026-11-12: Pub. L. 119-37, § 781); null before */
                                federal?: {
                                    /**
                                     * @description Federal law's treatment of the same products, whatever the state allows
                                     * @enum {unknown}
                                     */
                                    intoxicating_products: "prohibited" | "restricted" | "unregulated";
                                    /** @description What federal law says, in plain words */
                                    summary: string;
                                    /**
                                     * Format: date
                                     * @description ISO 8601 calendar date (YYYY-MM-DD)
                                     */
                                    since: string;
                                    authority: {
                                        /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                        citation: string;
                                        /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                        url: string | null;
                                    };
                                } | null;
                            };
                            prohibition?: {
                                authority?: {
                                    /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                    citation: string;
                                    /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                    url: string | null;
                                };
                                /** @description Sources for the citation */
                                sources?: {
                                    /** @description What the source is, e.g. the statute, regulator page or article title */
                                    title: string;
                                    /**
                                     * Format: uri
                                     * @description Where to read it
                                     */
                                    url: string;
                                    /**
                                     * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                     * @enum {unknown}
                                     */
                                    kind: "official" | "reference" | "news" | "advocacy";
                                }[];
                                /**
                                 * @description How sure the citation is: its text read, an official page, or two agreeing secondary sources
                                 * @enum {unknown}
                                 */
                                confidence?: "law_text" | "official_guidance" | "secondary";
                                note?: string | null;
                            };
                            /** @description The regulator, where one exists */
                            regulator?: {
                                /** @description The agency that licenses and regulates cannabis */
                                name: string;
                                /**
                                 * Format: uri
                                 * @description Its website
                                 */
                                url: string;
                            } | null;
                            /** @description Caveats: pending measures, court challenges, vetoes, conflicting sources */
                            notes?: string[];
                            /**
                             * Format: date
                             * @description Date this record was last checked against its sources. A later review moves only this date: what the record says about earlier days is fixed by `known_from`
                             */
                            last_reviewed?: string;
                            /**
                             * Format: date
                             * @description The day from which the record's facts that carry no date of their own (a summary, a regulator, a value whose `since` is unknown) are known to hold: the review that first recorded them. It never moves on a later review; earlier days are reconstructed from the history
                             */
                            known_from?: string;
                            /** @description Changes enacted but not yet in force on the record's day, soonest first: each with its effective date and the fields it sets */
                            upcoming?: {
                                /** @description The event's identifier in the history */
                                id: string;
                                /** @description The event's kind */
                                kind: string;
                                /**
                                 * Format: date
                                 * @description ISO 8601 calendar date (YYYY-MM-DD)
                                 */
                                enacted: string;
                                /**
                                 * Format: date
                                 * @description ISO 8601 calendar date (YYYY-MM-DD)
                                 */
                                effective: string;
                                /** @description A short title */
                                title: string;
                                /** @description One sentence saying what will change */
                                summary: string;
                                /** @description The record's fields this change sets, by dotted path (e.g. `adult_use.delivery`), with their new values; they hold from `effective` on */
                                sets: {
                                    [key: string]: unknown;
                                };
                                /** @description The law behind these facts (null only where no law applies) */
                                authority: {
                                    /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                    citation: string;
                                    /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                    url: string | null;
                                } | null;
                            }[];
                            /** @description Every source cited anywhere in this record and its history, deduplicated */
                            sources?: {
                                /** @description What the source is, e.g. the statute, regulator page or article title */
                                title: string;
                                /**
                                 * Format: uri
                                 * @description Where to read it
                                 */
                                url: string;
                                /**
                                 * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                 * @enum {unknown}
                                 */
                                kind: "official" | "reference" | "news" | "advocacy";
                            }[];
                            /**
                             * Format: date
                             * @description Date of the newest source read for this record (the release's `sources_current_to`): laws enacted or in force after it are not reflected. `last_reviewed` is the day the record was checked; this is how far what it was checked against reaches
                             */
                            sources_current_to?: string;
                        };
                        meta: {
                            /** @description Dataset release, e.g. 2026.11.22 */
                            dataset_version: string;
                            /**
                             * Format: date
                             * @description Earliest last_reviewed among the records in `data`
                             */
                            last_reviewed: string;
                            /** @description Date of the newest source consulted for this dataset release: later events (an election, a law taking effect, a court ruling) are not reflected. Null if the release does not state it */
                            sources_current_to: string | null;
                            /**
                             * Format: date
                             * @description The `as_of` day the records describe, when asked
                             */
                            as_of?: string;
                        };
                    };
                };
            };
            /** @description Not modified (If-None-Match matched the ETag) */
            304: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    /** @description Send back in If-None-Match */
                    ETag: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A query parameter is invalid or unknown (problem+json; `parameter` names it) */
            400: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @description URI reference documenting the problem type */
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        /**
                         * @description Stable, snake_case error code
                         * @enum {unknown}
                         */
                        code: "invalid_parameter" | "unknown_parameter" | "unknown_field" | "invalid_as_of" | "api_key_in_query" | "invalid_cursor" | "bad_request" | "invalid_api_key" | "expired_api_key" | "csrf_failed" | "cross_origin_refused" | "not_found" | "jurisdiction_not_found" | "method_not_allowed" | "payload_too_large" | "unsupported_media_type" | "request_timeout" | "request_header_fields_too_large" | "rate_limited" | "api_key_not_checked" | "internal_error" | "service_unavailable";
                        /** @description Quote it when reporting a problem */
                        request_id: string;
                        /** @description The offending parameter, for 400s */
                        parameter?: string;
                    };
                };
            };
            /** @description The X-API-Key is invalid (`invalid_api_key`) or expired (`expired_api_key`); never served as public */
            401: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @description URI reference documenting the problem type */
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        /**
                         * @description Stable, snake_case error code
                         * @enum {unknown}
                         */
                        code: "invalid_parameter" | "unknown_parameter" | "unknown_field" | "invalid_as_of" | "api_key_in_query" | "invalid_cursor" | "bad_request" | "invalid_api_key" | "expired_api_key" | "csrf_failed" | "cross_origin_refused" | "not_found" | "jurisdiction_not_found" | "method_not_allowed" | "payload_too_large" | "unsupported_media_type" | "request_timeout" | "request_header_fields_too_large" | "rate_limited" | "api_key_not_checked" | "internal_error" | "service_unavailable";
                        /** @description Quote it when reporting a problem */
                        request_id: string;
                        /** @description The offending parameter, for 400s */
                        parameter?: string;
                    };
                };
            };
            /** @description No jurisdiction has this code */
            404: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @description URI reference documenting the problem type */
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        /**
                         * @description Stable, snake_case error code
                         * @enum {unknown}
                         */
                        code: "invalid_parameter" | "unknown_parameter" | "unknown_field" | "invalid_as_of" | "api_key_in_query" | "invalid_cursor" | "bad_request" | "invalid_api_key" | "expired_api_key" | "csrf_failed" | "cross_origin_refused" | "not_found" | "jurisdiction_not_found" | "method_not_allowed" | "payload_too_large" | "unsupported_media_type" | "request_timeout" | "request_header_fields_too_large" | "rate_limited" | "api_key_not_checked" | "internal_error" | "service_unavailable";
                        /** @description Quote it when reporting a problem */
                        request_id: string;
                        /** @description The offending parameter, for 400s */
                        parameter?: string;
                    };
                };
            };
            /** @description Method not allowed; see the Allow header */
            405: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @description URI reference documenting the problem type */
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        /**
                         * @description Stable, snake_case error code
                         * @enum {unknown}
                         */
                        code: "invalid_parameter" | "unknown_parameter" | "unknown_field" | "invalid_as_of" | "api_key_in_query" | "invalid_cursor" | "bad_request" | "invalid_api_key" | "expired_api_key" | "csrf_failed" | "cross_origin_refused" | "not_found" | "jurisdiction_not_found" | "method_not_allowed" | "payload_too_large" | "unsupported_media_type" | "request_timeout" | "request_header_fields_too_large" | "rate_limited" | "api_key_not_checked" | "internal_error" | "service_unavailable";
                        /** @description Quote it when reporting a problem */
                        request_id: string;
                        /** @description The offending parameter, for 400s */
                        parameter?: string;
                    };
                };
            };
            /** @description Rate limit exceeded (`rate_limited`; the body names the `policy`), or an API key not checked because its client has had too many unfamiliar keys looked up (`api_key_not_checked`; retry with the same key) */
            429: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    /** @description Seconds until a retry is admitted (exact) */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @description URI reference documenting the problem type */
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        /**
                         * @description Stable, snake_case error code
                         * @enum {unknown}
                         */
                        code: "invalid_parameter" | "unknown_parameter" | "unknown_field" | "invalid_as_of" | "api_key_in_query" | "invalid_cursor" | "bad_request" | "invalid_api_key" | "expired_api_key" | "csrf_failed" | "cross_origin_refused" | "not_found" | "jurisdiction_not_found" | "method_not_allowed" | "payload_too_large" | "unsupported_media_type" | "request_timeout" | "request_header_fields_too_large" | "rate_limited" | "api_key_not_checked" | "internal_error" | "service_unavailable";
                        /** @description Quote it when reporting a problem */
                        request_id: string;
                        /** @description The offending parameter, for 400s */
                        parameter?: string;
                    };
                };
            };
        };
    };
    getStateHead: {
        parameters: {
            query?: {
                /**
                 * @description Answer as the law stood on this day (YYYY-MM-DD), reconstructed from the dated history: status, decriminalized and the adult-use and medical facts in force then; `null` where the history cannot tell. From the first recorded event to one year ahead.
                 * @example 2012-12-09
                 */
                as_of?: string;
                /** @description Comma-separated fields to return: top-level fields, e.g. `code,status` (code, name, fips, type, summary, status, decriminalized, decriminalization, adult_use, medical, hemp, prohibition, regulator, notes, last_reviewed, known_from, upcoming, sources, sources_current_to), or one value inside a group by its dotted path, e.g. `adult_use.purchase_limit` and `hemp.intoxicating_products` (comma-separated, as any field): only that value, with its provenance for a dated variable (`adult_use.provenance.purchase_limit`). An unknown name or path is refused (400 `unknown_field`, listing the valid ones). In GeoJSON, the flat columns derived from the top-level fields named (a dotted path counts as its group), and `code`. */
                fields?: string;
            };
            header?: never;
            path: {
                /**
                 * @description USPS code, case-insensitive (e.g. `CA` or `ca`).
                 * @example CA
                 */
                code: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The jurisdiction's record */
            200: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    /** @description Send back in If-None-Match */
                    ETag: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not modified (If-None-Match matched the ETag) */
            304: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    /** @description Send back in If-None-Match */
                    ETag: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A query parameter is invalid or unknown (problem+json; `parameter` names it) */
            400: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The X-API-Key is invalid (`invalid_api_key`) or expired (`expired_api_key`); never served as public */
            401: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No jurisdiction has this code */
            404: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Method not allowed; see the Allow header */
            405: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Rate limit exceeded (`rate_limited`; the body names the `policy`), or an API key not checked because its client has had too many unfamiliar keys looked up (`api_key_not_checked`; retry with the same key) */
            429: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    /** @description Seconds until a retry is admitted (exact) */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getStateHistory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description USPS code, case-insensitive (e.g. `CA` or `ca`).
                 * @example CA
                 */
                code: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The jurisdiction's events */
            200: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    /** @description Send back in If-None-Match */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Events, oldest first */
                        data: {
                            /** @description Stable identifier of this event */
                            id: string;
                            /** @description USPS code of the jurisdiction, or US for a federal event */
                            jurisdiction: string;
                            /**
                             * Format: date
                             * @description The day it was enacted (signed, approved by the voters, decided or published), or the day it happened
                             */
                            date: string;
                            /** @description The day it takes or took effect; may be in the future. Null when it states none: it then counts from `date` */
                            effective: string | null;
                            /** @description A short title */
                            title: string;
                            /** @description One sentence saying what happened */
                            summary: string;
                            /** @description The law behind these facts (null only where no law applies) */
                            authority: {
                                /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                citation: string;
                                /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                url: string | null;
                            } | null;
                            /** @description Sources for this event */
                            sources: {
                                /** @description What the source is, e.g. the statute, regulator page or article title */
                                title: string;
                                /**
                                 * Format: uri
                                 * @description Where to read it
                                 */
                                url: string;
                                /**
                                 * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                 * @enum {unknown}
                                 */
                                kind: "official" | "reference" | "news" | "advocacy";
                            }[];
                            /** @description The record's fields this change sets, by dotted path (e.g. `adult_use.delivery`), with their new values; they hold from `effective` on */
                            sets?: {
                                [key: string]: unknown;
                            };
                            /**
                             * @description For a change of law (`sets`): how sure its values are, as for a variable's provenance
                             * @enum {unknown}
                             */
                            confidence?: "law_text" | "official_guidance" | "secondary";
                            /**
                             * Format: date
                             * @description For a change of law (`sets`): the date its values were last checked
                             */
                            verified?: string;
                            /**
                             * @description The law says it applies from a day before its enactment: `effective` may then precede `date`
                             * @enum {boolean}
                             */
                            retroactive?: true;
                            /** @description Who recorded the event (absent for events recorded before coders were) */
                            coded_by?: string;
                            /** @description Who reviewed the recording: a second person, never the coder */
                            reviewed_by?: string;
                            /**
                             * @description What kind of event this is (state kinds, or federal kinds for US events)
                             * @enum {unknown}
                             */
                            kind: "medical_legalized" | "low_thc_legalized" | "medical_amended" | "decriminalized" | "adult_use_legalized" | "adult_use_sales_began" | "adult_use_amended" | "ballot_measure_failed" | "bill_vetoed" | "court_ruling" | "repealed" | "medical_sales_began" | "decriminalization_amended" | "hemp_amended" | "executive_action" | "regulation" | "initiative_filed" | "ballot_measure_approved" | "bill_passed_chamber" | "bill_failed" | "other" | "scheduling" | "rescheduling" | "hemp" | "appropriations" | "legislation" | "proposed_rule" | "final_rule" | "administrative_hearing";
                        }[];
                        meta: {
                            /** @description Dataset release, e.g. 2026.11.22 */
                            dataset_version: string;
                            /**
                             * Format: date
                             * @description Earliest last_reviewed among the records in `data`
                             */
                            last_reviewed: string;
                            /** @description Date of the newest source consulted for this dataset release: later events (an election, a law taking effect, a court ruling) are not reflected. Null if the release does not state it */
                            sources_current_to: string | null;
                            /** @description Number of items in `data` */
                            count: number;
                            /** @description USPS code */
                            jurisdiction: string;
                        };
                    };
                };
            };
            /** @description Not modified (If-None-Match matched the ETag) */
            304: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    /** @description Send back in If-None-Match */
                    ETag: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A query parameter is invalid or unknown (problem+json; `parameter` names it) */
            400: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @description URI reference documenting the problem type */
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        /**
                         * @description Stable, snake_case error code
                         * @enum {unknown}
                         */
                        code: "invalid_parameter" | "unknown_parameter" | "unknown_field" | "invalid_as_of" | "api_key_in_query" | "invalid_cursor" | "bad_request" | "invalid_api_key" | "expired_api_key" | "csrf_failed" | "cross_origin_refused" | "not_found" | "jurisdiction_not_found" | "method_not_allowed" | "payload_too_large" | "unsupported_media_type" | "request_timeout" | "request_header_fields_too_large" | "rate_limited" | "api_key_not_checked" | "internal_error" | "service_unavailable";
                        /** @description Quote it when reporting a problem */
                        request_id: string;
                        /** @description The offending parameter, for 400s */
                        parameter?: string;
                    };
                };
            };
            /** @description The X-API-Key is invalid (`invalid_api_key`) or expired (`expired_api_key`); never served as public */
            401: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @description URI reference documenting the problem type */
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        /**
                         * @description Stable, snake_case error code
                         * @enum {unknown}
                         */
                        code: "invalid_parameter" | "unknown_parameter" | "unknown_field" | "invalid_as_of" | "api_key_in_query" | "invalid_cursor" | "bad_request" | "invalid_api_key" | "expired_api_key" | "csrf_failed" | "cross_origin_refused" | "not_found" | "jurisdiction_not_found" | "method_not_allowed" | "payload_too_large" | "unsupported_media_type" | "request_timeout" | "request_header_fields_too_large" | "rate_limited" | "api_key_not_checked" | "internal_error" | "service_unavailable";
                        /** @description Quote it when reporting a problem */
                        request_id: string;
                        /** @description The offending parameter, for 400s */
                        parameter?: string;
                    };
                };
            };
            /** @description No jurisdiction has this code */
            404: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @description URI reference documenting the problem type */
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        /**
                         * @description Stable, snake_case error code
                         * @enum {unknown}
                         */
                        code: "invalid_parameter" | "unknown_parameter" | "unknown_field" | "invalid_as_of" | "api_key_in_query" | "invalid_cursor" | "bad_request" | "invalid_api_key" | "expired_api_key" | "csrf_failed" | "cross_origin_refused" | "not_found" | "jurisdiction_not_found" | "method_not_allowed" | "payload_too_large" | "unsupported_media_type" | "request_timeout" | "request_header_fields_too_large" | "rate_limited" | "api_key_not_checked" | "internal_error" | "service_unavailable";
                        /** @description Quote it when reporting a problem */
                        request_id: string;
                        /** @description The offending parameter, for 400s */
                        parameter?: string;
                    };
                };
            };
            /** @description Method not allowed; see the Allow header */
            405: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @description URI reference documenting the problem type */
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        /**
                         * @description Stable, snake_case error code
                         * @enum {unknown}
                         */
                        code: "invalid_parameter" | "unknown_parameter" | "unknown_field" | "invalid_as_of" | "api_key_in_query" | "invalid_cursor" | "bad_request" | "invalid_api_key" | "expired_api_key" | "csrf_failed" | "cross_origin_refused" | "not_found" | "jurisdiction_not_found" | "method_not_allowed" | "payload_too_large" | "unsupported_media_type" | "request_timeout" | "request_header_fields_too_large" | "rate_limited" | "api_key_not_checked" | "internal_error" | "service_unavailable";
                        /** @description Quote it when reporting a problem */
                        request_id: string;
                        /** @description The offending parameter, for 400s */
                        parameter?: string;
                    };
                };
            };
            /** @description Rate limit exceeded (`rate_limited`; the body names the `policy`), or an API key not checked because its client has had too many unfamiliar keys looked up (`api_key_not_checked`; retry with the same key) */
            429: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    /** @description Seconds until a retry is admitted (exact) */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @description URI reference documenting the problem type */
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        /**
                         * @description Stable, snake_case error code
                         * @enum {unknown}
                         */
                        code: "invalid_parameter" | "unknown_parameter" | "unknown_field" | "invalid_as_of" | "api_key_in_query" | "invalid_cursor" | "bad_request" | "invalid_api_key" | "expired_api_key" | "csrf_failed" | "cross_origin_refused" | "not_found" | "jurisdiction_not_found" | "method_not_allowed" | "payload_too_large" | "unsupported_media_type" | "request_timeout" | "request_header_fields_too_large" | "rate_limited" | "api_key_not_checked" | "internal_error" | "service_unavailable";
                        /** @description Quote it when reporting a problem */
                        request_id: string;
                        /** @description The offending parameter, for 400s */
                        parameter?: string;
                    };
                };
            };
        };
    };
    getStateHistoryHead: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description USPS code, case-insensitive (e.g. `CA` or `ca`).
                 * @example CA
                 */
                code: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The jurisdiction's events */
            200: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    /** @description Send back in If-None-Match */
                    ETag: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not modified (If-None-Match matched the ETag) */
            304: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    /** @description Send back in If-None-Match */
                    ETag: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A query parameter is invalid or unknown (problem+json; `parameter` names it) */
            400: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The X-API-Key is invalid (`invalid_api_key`) or expired (`expired_api_key`); never served as public */
            401: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No jurisdiction has this code */
            404: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Method not allowed; see the Allow header */
            405: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Rate limit exceeded (`rate_limited`; the body names the `policy`), or an API key not checked because its client has had too many unfamiliar keys looked up (`api_key_not_checked`; retry with the same key) */
            429: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    /** @description Seconds until a retry is admitted (exact) */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getFederal: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The federal record */
            200: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    /** @description Send back in If-None-Match */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /**
                             * Format: date
                             * @description ISO 8601 calendar date (YYYY-MM-DD)
                             */
                            last_reviewed: string;
                            csa_schedule: {
                                /**
                                 * @description Marijuana's schedule under the Controlled Substances Act today
                                 * @enum {unknown}
                                 */
                                schedule: "I" | "II" | "III" | "IV" | "V" | "descheduled";
                                /** @description Date that schedule took effect */
                                since: string | null;
                                /** @description Plain-language summary */
                                summary: string;
                                /** @description The law behind these facts (null only where no law applies) */
                                authority: {
                                    /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                    citation: string;
                                    /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                    url: string | null;
                                } | null;
                                /** @description Sources */
                                sources: {
                                    /** @description What the source is, e.g. the statute, regulator page or article title */
                                    title: string;
                                    /**
                                     * Format: uri
                                     * @description Where to read it
                                     */
                                    url: string;
                                    /**
                                     * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                     * @enum {unknown}
                                     */
                                    kind: "official" | "reference" | "news" | "advocacy";
                                }[];
                            };
                            rescheduling: {
                                /** @description Where the rescheduling proceeding stands, in a short phrase */
                                stage: string;
                                /** @description Plain-language summary of the proceeding */
                                summary: string;
                                /** @description The law behind these facts (null only where no law applies) */
                                authority: {
                                    /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                    citation: string;
                                    /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                    url: string | null;
                                } | null;
                                /** @description Sources */
                                sources: {
                                    /** @description What the source is, e.g. the statute, regulator page or article title */
                                    title: string;
                                    /**
                                     * Format: uri
                                     * @description Where to read it
                                     */
                                    url: string;
                                    /**
                                     * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                     * @enum {unknown}
                                     */
                                    kind: "official" | "reference" | "news" | "advocacy";
                                }[];
                            };
                            hemp: {
                                /** @description The statutory definition of hemp in force today, in plain words */
                                definition: string;
                                /** @description The THC limit that separates hemp from marijuana */
                                thc_limit: string;
                                /** @description The law that set the definition */
                                enacted_by: {
                                    /**
                                     * @description How it became law
                                     * @enum {unknown}
                                     */
                                    type: "ballot_measure" | "legislation" | "court_ruling" | "executive_action";
                                    /** @description The measure or bill, with its number and popular name */
                                    name: string;
                                    /** @description Date approved by voters, signed into law, or decided */
                                    date: string | null;
                                } | null;
                                /** @description Date the definition took effect */
                                effective: string | null;
                                products?: {
                                    /**
                                     * @description What the definition in force from `effective` means for hemp-derived intoxicating products
                                     * @enum {unknown}
                                     */
                                    intoxicating_products: "prohibited" | "restricted" | "unregulated";
                                    /** @description That rule in one or two plain sentences, as shown beside each state's */
                                    summary: string;
                                };
                                /** @description Plain-language summary, including later amendments and their dates */
                                summary: string;
                                /** @description The law behind these facts (null only where no law applies) */
                                authority: {
                                    /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                    citation: string;
                                    /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                    url: string | null;
                                } | null;
                                /** @description Sources */
                                sources: {
                                    /** @description What the source is, e.g. the statute, regulator page or article title */
                                    title: string;
                                    /**
                                     * Format: uri
                                     * @description Where to read it
                                     */
                                    url: string;
                                    /**
                                     * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                     * @enum {unknown}
                                     */
                                    kind: "official" | "reference" | "news" | "advocacy";
                                }[];
                            };
                            appropriations_riders: {
                                /** @description The rider's common name */
                                name: string;
                                /** @description What it does */
                                summary: string;
                                /** @description Date first signed into law */
                                first_enacted: string | null;
                                /** @description End of the appropriation that carries it now */
                                current_through: string | null;
                                /** @description The law behind these facts (null only where no law applies) */
                                authority: {
                                    /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                    citation: string;
                                    /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                    url: string | null;
                                } | null;
                                /** @description Sources */
                                sources: {
                                    /** @description What the source is, e.g. the statute, regulator page or article title */
                                    title: string;
                                    /**
                                     * Format: uri
                                     * @description Where to read it
                                     */
                                    url: string;
                                    /**
                                     * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                     * @enum {unknown}
                                     */
                                    kind: "official" | "reference" | "news" | "advocacy";
                                }[];
                            }[];
                            notes: string[];
                            /** @description Federal events, oldest first */
                            history: {
                                /** @description Stable identifier of this event */
                                id: string;
                                /** @description USPS code of the jurisdiction, or US for a federal event */
                                jurisdiction: string;
                                /**
                                 * Format: date
                                 * @description The day it was enacted (signed, approved by the voters, decided or published), or the day it happened
                                 */
                                date: string;
                                /** @description The day it takes or took effect; may be in the future. Null when it states none: it then counts from `date` */
                                effective: string | null;
                                /** @description A short title */
                                title: string;
                                /** @description One sentence saying what happened */
                                summary: string;
                                /** @description The law behind these facts (null only where no law applies) */
                                authority: {
                                    /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                    citation: string;
                                    /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                    url: string | null;
                                } | null;
                                /** @description Sources for this event */
                                sources: {
                                    /** @description What the source is, e.g. the statute, regulator page or article title */
                                    title: string;
                                    /**
                                     * Format: uri
                                     * @description Where to read it
                                     */
                                    url: string;
                                    /**
                                     * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                     * @enum {unknown}
                                     */
                                    kind: "official" | "reference" | "news" | "advocacy";
                                }[];
                                /** @description The record's fields this change sets, by dotted path (e.g. `adult_use.delivery`), with their new values; they hold from `effective` on */
                                sets?: {
                                    [key: string]: unknown;
                                };
                                /**
                                 * @description For a change of law (`sets`): how sure its values are, as for a variable's provenance
                                 * @enum {unknown}
                                 */
                                confidence?: "law_text" | "official_guidance" | "secondary";
                                /**
                                 * Format: date
                                 * @description For a change of law (`sets`): the date its values were last checked
                                 */
                                verified?: string;
                                /**
                                 * @description The law says it applies from a day before its enactment: `effective` may then precede `date`
                                 * @enum {boolean}
                                 */
                                retroactive?: true;
                                /** @description Who recorded the event (absent for events recorded before coders were) */
                                coded_by?: string;
                                /** @description Who reviewed the recording: a second person, never the coder */
                                reviewed_by?: string;
                                /**
                                 * @description What kind of event this is (state kinds, or federal kinds for US events)
                                 * @enum {unknown}
                                 */
                                kind: "medical_legalized" | "low_thc_legalized" | "medical_amended" | "decriminalized" | "adult_use_legalized" | "adult_use_sales_began" | "adult_use_amended" | "ballot_measure_failed" | "bill_vetoed" | "court_ruling" | "repealed" | "medical_sales_began" | "decriminalization_amended" | "hemp_amended" | "executive_action" | "regulation" | "initiative_filed" | "ballot_measure_approved" | "bill_passed_chamber" | "bill_failed" | "other" | "scheduling" | "rescheduling" | "hemp" | "appropriations" | "legislation" | "proposed_rule" | "final_rule" | "administrative_hearing";
                            }[];
                        };
                        meta: {
                            /** @description Dataset release, e.g. 2026.11.22 */
                            dataset_version: string;
                            /**
                             * Format: date
                             * @description Earliest last_reviewed among the records in `data`
                             */
                            last_reviewed: string;
                            /** @description Date of the newest source consulted for this dataset release: later events (an election, a law taking effect, a court ruling) are not reflected. Null if the release does not state it */
                            sources_current_to: string | null;
                        };
                    };
                };
            };
            /** @description Not modified (If-None-Match matched the ETag) */
            304: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    /** @description Send back in If-None-Match */
                    ETag: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A query parameter is invalid or unknown (problem+json; `parameter` names it) */
            400: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @description URI reference documenting the problem type */
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        /**
                         * @description Stable, snake_case error code
                         * @enum {unknown}
                         */
                        code: "invalid_parameter" | "unknown_parameter" | "unknown_field" | "invalid_as_of" | "api_key_in_query" | "invalid_cursor" | "bad_request" | "invalid_api_key" | "expired_api_key" | "csrf_failed" | "cross_origin_refused" | "not_found" | "jurisdiction_not_found" | "method_not_allowed" | "payload_too_large" | "unsupported_media_type" | "request_timeout" | "request_header_fields_too_large" | "rate_limited" | "api_key_not_checked" | "internal_error" | "service_unavailable";
                        /** @description Quote it when reporting a problem */
                        request_id: string;
                        /** @description The offending parameter, for 400s */
                        parameter?: string;
                    };
                };
            };
            /** @description The X-API-Key is invalid (`invalid_api_key`) or expired (`expired_api_key`); never served as public */
            401: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @description URI reference documenting the problem type */
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        /**
                         * @description Stable, snake_case error code
                         * @enum {unknown}
                         */
                        code: "invalid_parameter" | "unknown_parameter" | "unknown_field" | "invalid_as_of" | "api_key_in_query" | "invalid_cursor" | "bad_request" | "invalid_api_key" | "expired_api_key" | "csrf_failed" | "cross_origin_refused" | "not_found" | "jurisdiction_not_found" | "method_not_allowed" | "payload_too_large" | "unsupported_media_type" | "request_timeout" | "request_header_fields_too_large" | "rate_limited" | "api_key_not_checked" | "internal_error" | "service_unavailable";
                        /** @description Quote it when reporting a problem */
                        request_id: string;
                        /** @description The offending parameter, for 400s */
                        parameter?: string;
                    };
                };
            };
            /** @description Method not allowed; see the Allow header */
            405: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @description URI reference documenting the problem type */
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        /**
                         * @description Stable, snake_case error code
                         * @enum {unknown}
                         */
                        code: "invalid_parameter" | "unknown_parameter" | "unknown_field" | "invalid_as_of" | "api_key_in_query" | "invalid_cursor" | "bad_request" | "invalid_api_key" | "expired_api_key" | "csrf_failed" | "cross_origin_refused" | "not_found" | "jurisdiction_not_found" | "method_not_allowed" | "payload_too_large" | "unsupported_media_type" | "request_timeout" | "request_header_fields_too_large" | "rate_limited" | "api_key_not_checked" | "internal_error" | "service_unavailable";
                        /** @description Quote it when reporting a problem */
                        request_id: string;
                        /** @description The offending parameter, for 400s */
                        parameter?: string;
                    };
                };
            };
            /** @description Rate limit exceeded (`rate_limited`; the body names the `policy`), or an API key not checked because its client has had too many unfamiliar keys looked up (`api_key_not_checked`; retry with the same key) */
            429: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    /** @description Seconds until a retry is admitted (exact) */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @description URI reference documenting the problem type */
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        /**
                         * @description Stable, snake_case error code
                         * @enum {unknown}
                         */
                        code: "invalid_parameter" | "unknown_parameter" | "unknown_field" | "invalid_as_of" | "api_key_in_query" | "invalid_cursor" | "bad_request" | "invalid_api_key" | "expired_api_key" | "csrf_failed" | "cross_origin_refused" | "not_found" | "jurisdiction_not_found" | "method_not_allowed" | "payload_too_large" | "unsupported_media_type" | "request_timeout" | "request_header_fields_too_large" | "rate_limited" | "api_key_not_checked" | "internal_error" | "service_unavailable";
                        /** @description Quote it when reporting a problem */
                        request_id: string;
                        /** @description The offending parameter, for 400s */
                        parameter?: string;
                    };
                };
            };
        };
    };
    getFederalHead: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The federal record */
            200: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    /** @description Send back in If-None-Match */
                    ETag: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not modified (If-None-Match matched the ETag) */
            304: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    /** @description Send back in If-None-Match */
                    ETag: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A query parameter is invalid or unknown (problem+json; `parameter` names it) */
            400: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The X-API-Key is invalid (`invalid_api_key`) or expired (`expired_api_key`); never served as public */
            401: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Method not allowed; see the Allow header */
            405: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Rate limit exceeded (`rate_limited`; the body names the `policy`), or an API key not checked because its client has had too many unfamiliar keys looked up (`api_key_not_checked`; retry with the same key) */
            429: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    /** @description Seconds until a retry is admitted (exact) */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    listChanges: {
        parameters: {
            query?: {
                /**
                 * @description Which of each event's two dates `since`, `until` and the order use. `enacted` (default): `date`, the day it was enacted (signed, approved by the voters, decided or published). `effective`: the day it takes effect — `effective`, or `date` for an event that states no effective day (a ruling, a vote, the first sales). `basis=effective&since=A&until=B` lists what took effect between A and B; an event enacted but not yet in effect is listed on the enacted basis at once, and on the effective basis once its day is in range (`until` may be in the future). A `cursor` belongs to the basis it was issued for.
                 * @example effective
                 */
                basis?: "enacted" | "effective";
                /**
                 * @description Only events on or after this day (YYYY-MM-DD), on the `basis`: enacted on or after it by default, taking effect on or after it with `basis=effective`.
                 * @example 2026-11-01
                 */
                since?: string;
                /**
                 * @description Only events on or before this day (YYYY-MM-DD), on the `basis`; may be in the future. With `since`, no earlier than it.
                 * @example 2026-11-30
                 */
                until?: string;
                /**
                 * @description Only events of these jurisdictions: comma-separated USPS codes, case-insensitive, `US` for federal law (e.g. `OH,US`). A code that is not one of the 56 jurisdictions or `US` is refused.
                 * @example OH,US
                 */
                jurisdiction?: string;
                /** @description Events per page, 1–500 (default 50). */
                limit?: number;
                /** @description Opaque cursor from the previous page's `meta.next`. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of events */
            200: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    /** @description Send back in If-None-Match */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Events, newest first on the basis (ties by jurisdiction code, then id). Each gives both dates: `date` (enacted) and `effective` (null when it states none) */
                        data: {
                            /** @description Stable identifier of this event */
                            id: string;
                            /** @description USPS code of the jurisdiction, or US for a federal event */
                            jurisdiction: string;
                            /**
                             * Format: date
                             * @description The day it was enacted (signed, approved by the voters, decided or published), or the day it happened
                             */
                            date: string;
                            /** @description The day it takes or took effect; may be in the future. Null when it states none: it then counts from `date` */
                            effective: string | null;
                            /** @description A short title */
                            title: string;
                            /** @description One sentence saying what happened */
                            summary: string;
                            /** @description The law behind these facts (null only where no law applies) */
                            authority: {
                                /** @description The enacting law or rule in standard legal citation form, e.g. 'Cal. Health & Safety Code § 11362.5 (Prop. 215, 1996)' */
                                citation: string;
                                /** @description The law's official text or page (legislature, code, Federal Register, election office), or null where no stable official address is known */
                                url: string | null;
                            } | null;
                            /** @description Sources for this event */
                            sources: {
                                /** @description What the source is, e.g. the statute, regulator page or article title */
                                title: string;
                                /**
                                 * Format: uri
                                 * @description Where to read it
                                 */
                                url: string;
                                /**
                                 * @description official: the law itself or a government page; reference: an encyclopedia or legal reference (Wikipedia, NCSL, Ballotpedia); news: journalism; advocacy: an advocacy group
                                 * @enum {unknown}
                                 */
                                kind: "official" | "reference" | "news" | "advocacy";
                            }[];
                            /** @description The record's fields this change sets, by dotted path (e.g. `adult_use.delivery`), with their new values; they hold from `effective` on */
                            sets?: {
                                [key: string]: unknown;
                            };
                            /**
                             * @description For a change of law (`sets`): how sure its values are, as for a variable's provenance
                             * @enum {unknown}
                             */
                            confidence?: "law_text" | "official_guidance" | "secondary";
                            /**
                             * Format: date
                             * @description For a change of law (`sets`): the date its values were last checked
                             */
                            verified?: string;
                            /**
                             * @description The law says it applies from a day before its enactment: `effective` may then precede `date`
                             * @enum {boolean}
                             */
                            retroactive?: true;
                            /** @description Who recorded the event (absent for events recorded before coders were) */
                            coded_by?: string;
                            /** @description Who reviewed the recording: a second person, never the coder */
                            reviewed_by?: string;
                            /**
                             * @description What kind of event this is (state kinds, or federal kinds for US events)
                             * @enum {unknown}
                             */
                            kind: "medical_legalized" | "low_thc_legalized" | "medical_amended" | "decriminalized" | "adult_use_legalized" | "adult_use_sales_began" | "adult_use_amended" | "ballot_measure_failed" | "bill_vetoed" | "court_ruling" | "repealed" | "medical_sales_began" | "decriminalization_amended" | "hemp_amended" | "executive_action" | "regulation" | "initiative_filed" | "ballot_measure_approved" | "bill_passed_chamber" | "bill_failed" | "other" | "scheduling" | "rescheduling" | "hemp" | "appropriations" | "legislation" | "proposed_rule" | "final_rule" | "administrative_hearing";
                        }[];
                        meta: {
                            /** @description Dataset release, e.g. 2026.11.22 */
                            dataset_version: string;
                            /**
                             * Format: date
                             * @description Earliest last_reviewed among the records in `data`
                             */
                            last_reviewed: string;
                            /** @description Date of the newest source consulted for this dataset release: later events (an election, a law taking effect, a court ruling) are not reflected. Null if the release does not state it */
                            sources_current_to: string | null;
                            /** @description Number of items in `data` */
                            count: number;
                            /**
                             * @description The date the events are filtered and ordered by: `enacted` (`date`) or `effective` (`effective`, else `date`)
                             * @enum {unknown}
                             */
                            basis: "enacted" | "effective";
                            /** @description Cursor for the next page (on the same basis), or null on the last page */
                            next: string | null;
                            /** @description On an empty page: how far the sources reach, in words (`sources_current_to`). An empty list means the sources read so far record nothing for the query, not that nothing happened */
                            note?: string;
                        };
                    };
                };
            };
            /** @description Not modified (If-None-Match matched the ETag) */
            304: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    /** @description Send back in If-None-Match */
                    ETag: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A query parameter is invalid or unknown (problem+json; `parameter` names it) */
            400: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @description URI reference documenting the problem type */
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        /**
                         * @description Stable, snake_case error code
                         * @enum {unknown}
                         */
                        code: "invalid_parameter" | "unknown_parameter" | "unknown_field" | "invalid_as_of" | "api_key_in_query" | "invalid_cursor" | "bad_request" | "invalid_api_key" | "expired_api_key" | "csrf_failed" | "cross_origin_refused" | "not_found" | "jurisdiction_not_found" | "method_not_allowed" | "payload_too_large" | "unsupported_media_type" | "request_timeout" | "request_header_fields_too_large" | "rate_limited" | "api_key_not_checked" | "internal_error" | "service_unavailable";
                        /** @description Quote it when reporting a problem */
                        request_id: string;
                        /** @description The offending parameter, for 400s */
                        parameter?: string;
                    };
                };
            };
            /** @description The X-API-Key is invalid (`invalid_api_key`) or expired (`expired_api_key`); never served as public */
            401: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @description URI reference documenting the problem type */
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        /**
                         * @description Stable, snake_case error code
                         * @enum {unknown}
                         */
                        code: "invalid_parameter" | "unknown_parameter" | "unknown_field" | "invalid_as_of" | "api_key_in_query" | "invalid_cursor" | "bad_request" | "invalid_api_key" | "expired_api_key" | "csrf_failed" | "cross_origin_refused" | "not_found" | "jurisdiction_not_found" | "method_not_allowed" | "payload_too_large" | "unsupported_media_type" | "request_timeout" | "request_header_fields_too_large" | "rate_limited" | "api_key_not_checked" | "internal_error" | "service_unavailable";
                        /** @description Quote it when reporting a problem */
                        request_id: string;
                        /** @description The offending parameter, for 400s */
                        parameter?: string;
                    };
                };
            };
            /** @description Method not allowed; see the Allow header */
            405: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @description URI reference documenting the problem type */
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        /**
                         * @description Stable, snake_case error code
                         * @enum {unknown}
                         */
                        code: "invalid_parameter" | "unknown_parameter" | "unknown_field" | "invalid_as_of" | "api_key_in_query" | "invalid_cursor" | "bad_request" | "invalid_api_key" | "expired_api_key" | "csrf_failed" | "cross_origin_refused" | "not_found" | "jurisdiction_not_found" | "method_not_allowed" | "payload_too_large" | "unsupported_media_type" | "request_timeout" | "request_header_fields_too_large" | "rate_limited" | "api_key_not_checked" | "internal_error" | "service_unavailable";
                        /** @description Quote it when reporting a problem */
                        request_id: string;
                        /** @description The offending parameter, for 400s */
                        parameter?: string;
                    };
                };
            };
            /** @description Rate limit exceeded (`rate_limited`; the body names the `policy`), or an API key not checked because its client has had too many unfamiliar keys looked up (`api_key_not_checked`; retry with the same key) */
            429: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    /** @description Seconds until a retry is admitted (exact) */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @description URI reference documenting the problem type */
                        type: string;
                        title: string;
                        status: number;
                        detail: string;
                        /**
                         * @description Stable, snake_case error code
                         * @enum {unknown}
                         */
                        code: "invalid_parameter" | "unknown_parameter" | "unknown_field" | "invalid_as_of" | "api_key_in_query" | "invalid_cursor" | "bad_request" | "invalid_api_key" | "expired_api_key" | "csrf_failed" | "cross_origin_refused" | "not_found" | "jurisdiction_not_found" | "method_not_allowed" | "payload_too_large" | "unsupported_media_type" | "request_timeout" | "request_header_fields_too_large" | "rate_limited" | "api_key_not_checked" | "internal_error" | "service_unavailable";
                        /** @description Quote it when reporting a problem */
                        request_id: string;
                        /** @description The offending parameter, for 400s */
                        parameter?: string;
                    };
                };
            };
        };
    };
    listChangesHead: {
        parameters: {
            query?: {
                /**
                 * @description Which of each event's two dates `since`, `until` and the order use. `enacted` (default): `date`, the day it was enacted (signed, approved by the voters, decided or published). `effective`: the day it takes effect — `effective`, or `date` for an event that states no effective day (a ruling, a vote, the first sales). `basis=effective&since=A&until=B` lists what took effect between A and B; an event enacted but not yet in effect is listed on the enacted basis at once, and on the effective basis once its day is in range (`until` may be in the future). A `cursor` belongs to the basis it was issued for.
                 * @example effective
                 */
                basis?: "enacted" | "effective";
                /**
                 * @description Only events on or after this day (YYYY-MM-DD), on the `basis`: enacted on or after it by default, taking effect on or after it with `basis=effective`.
                 * @example 2026-11-01
                 */
                since?: string;
                /**
                 * @description Only events on or before this day (YYYY-MM-DD), on the `basis`; may be in the future. With `since`, no earlier than it.
                 * @example 2026-11-30
                 */
                until?: string;
                /**
                 * @description Only events of these jurisdictions: comma-separated USPS codes, case-insensitive, `US` for federal law (e.g. `OH,US`). A code that is not one of the 56 jurisdictions or `US` is refused.
                 * @example OH,US
                 */
                jurisdiction?: string;
                /** @description Events per page, 1–500 (default 50). */
                limit?: number;
                /** @description Opaque cursor from the previous page's `meta.next`. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of events */
            200: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    /** @description Send back in If-None-Match */
                    ETag: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not modified (If-None-Match matched the ETag) */
            304: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    /** @description Send back in If-None-Match */
                    ETag: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A query parameter is invalid or unknown (problem+json; `parameter` names it) */
            400: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The X-API-Key is invalid (`invalid_api_key`) or expired (`expired_api_key`); never served as public */
            401: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Method not allowed; see the Allow header */
            405: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Rate limit exceeded (`rate_limited`; the body names the `policy`), or an API key not checked because its client has had too many unfamiliar keys looked up (`api_key_not_checked`; retry with the same key) */
            429: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    /** @description Remaining quota and seconds until it next grows (draft-ietf-httpapi-ratelimit-headers-11), e.g. `"public";r=41;t=530` */
                    RateLimit: string;
                    /** @description The limit in force: `"public";q=60;w=900` (per IP) or `"key";q=1000;w=3600` (per account: all of its keys share one quota) */
                    "RateLimit-Policy": string;
                    /** @description Requests allowed per window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current sliding window */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the oldest counted request leaves the window */
                    "X-RateLimit-Reset": number;
                    /** @description Requests counted in the current window */
                    "X-RateLimit-Used": number;
                    /** @description Seconds until a retry is admitted (exact) */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getHealthz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: string;
                        checks?: {
                            [key: string]: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: string;
                        checks?: {
                            [key: string]: string;
                        };
                    };
                };
            };
        };
    };
    getReadyz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: string;
                        checks?: {
                            [key: string]: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    /** @description Identifies this request in our logs; quote it when reporting a problem */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: string;
                        checks?: {
                            [key: string]: string;
                        };
                    };
                };
            };
        };
    };
    webhookLawEnacted: {
        parameters: {
            query?: never;
            header: {
                /** @description The message id: the same on every retry and resend of this delivery. Use it to drop duplicates (delivery is at least once). */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed. Refuse messages more than 5 minutes old. */
                "webhook-timestamp": string;
                /** @description `v1,` + base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` under the endpoint's secret (the bytes after `whsec_`, base64-decoded), per Standard Webhooks. Verify with the `standardwebhooks` library. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LawEnactedWebhook"];
            };
        };
        responses: {
            /** @description Received (any 2xx counts) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the endpoint is disabled and nothing more is sent to it */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookLawTookEffect: {
        parameters: {
            query?: never;
            header: {
                /** @description The message id: the same on every retry and resend of this delivery. Use it to drop duplicates (delivery is at least once). */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed. Refuse messages more than 5 minutes old. */
                "webhook-timestamp": string;
                /** @description `v1,` + base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` under the endpoint's secret (the bytes after `whsec_`, base64-decoded), per Standard Webhooks. Verify with the `standardwebhooks` library. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LawTookEffectWebhook"];
            };
        };
        responses: {
            /** @description Received (any 2xx counts) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the endpoint is disabled and nothing more is sent to it */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookRecordCorrected: {
        parameters: {
            query?: never;
            header: {
                /** @description The message id: the same on every retry and resend of this delivery. Use it to drop duplicates (delivery is at least once). */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed. Refuse messages more than 5 minutes old. */
                "webhook-timestamp": string;
                /** @description `v1,` + base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` under the endpoint's secret (the bytes after `whsec_`, base64-decoded), per Standard Webhooks. Verify with the `standardwebhooks` library. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RecordCorrectedWebhook"];
            };
        };
        responses: {
            /** @description Received (any 2xx counts) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the endpoint is disabled and nothing more is sent to it */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookDatasetReleased: {
        parameters: {
            query?: never;
            header: {
                /** @description The message id: the same on every retry and resend of this delivery. Use it to drop duplicates (delivery is at least once). */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed. Refuse messages more than 5 minutes old. */
                "webhook-timestamp": string;
                /** @description `v1,` + base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` under the endpoint's secret (the bytes after `whsec_`, base64-decoded), per Standard Webhooks. Verify with the `standardwebhooks` library. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DatasetReleasedWebhook"];
            };
        };
        responses: {
            /** @description Received (any 2xx counts) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the endpoint is disabled and nothing more is sent to it */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookTest: {
        parameters: {
            query?: never;
            header: {
                /** @description The message id: the same on every retry and resend of this delivery. Use it to drop duplicates (delivery is at least once). */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed. Refuse messages more than 5 minutes old. */
                "webhook-timestamp": string;
                /** @description `v1,` + base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` under the endpoint's secret (the bytes after `whsec_`, base64-decoded), per Standard Webhooks. Verify with the `standardwebhooks` library. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TestWebhook"];
            };
        };
        responses: {
            /** @description Received (any 2xx counts) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the endpoint is disabled and nothing more is sent to it */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
