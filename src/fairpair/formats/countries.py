"""Country codes: the three-letter codes players are entered with (ISO 3166-1 alpha-3,
and the IOC/FIDE codes sports federations use: GER, NED, SUI ...) -> the two-letter
ISO 3166-1 alpha-2 codes of the EGF results format (``h9``).

>>> to_alpha2("GER"), to_alpha2("deu"), to_alpha2("KOR"), to_alpha2("jp"), to_alpha2("TPE")
('DE', 'DE', 'KR', 'JP', 'TW')
>>> to_alpha2("GRR") is None, to_alpha2("XX") is None
(True, True)
"""

from __future__ import annotations

__all__ = ["ALPHA2", "ALPHA3", "to_alpha2"]

# ISO 3166-1: alpha-2 alpha-3, for the countries of Europe, Asia, the Americas and
# Oceania and the African countries with Go or chess federations.
_ISO = """
AD AND AE ARE AF AFG AG ATG AL ALB AM ARM AO AGO AR ARG AT AUT AU AUS AZ AZE BA BIH
BB BRB BD BGD BE BEL BF BFA BG BGR BH BHR BI BDI BJ BEN BN BRN BO BOL BR BRA BS BHS
BT BTN BW BWA BY BLR BZ BLZ CA CAN CD COD CF CAF CG COG CH CHE CI CIV CL CHL CM CMR
CN CHN CO COL CR CRI CU CUB CV CPV CY CYP CZ CZE DE DEU DJ DJI DK DNK DM DMA DO DOM
DZ DZA EC ECU EE EST EG EGY ER ERI ES ESP ET ETH FI FIN FJ FJI FM FSM FO FRO FR FRA
GA GAB GB GBR GD GRD GE GEO GH GHA GI GIB GL GRL GM GMB GN GIN GQ GNQ GR GRC GT GTM
GU GUM GW GNB GY GUY HK HKG HN HND HR HRV HT HTI HU HUN ID IDN IE IRL IL ISR IM IMN
IN IND IQ IRQ IR IRN IS ISL IT ITA JE JEY JM JAM JO JOR JP JPN KE KEN KG KGZ KH KHM
KI KIR KM COM KN KNA KP PRK KR KOR KW KWT KZ KAZ LA LAO LB LBN LC LCA LI LIE LK LKA
LR LBR LS LSO LT LTU LU LUX LV LVA LY LBY MA MAR MC MCO MD MDA ME MNE MG MDG MH MHL
MK MKD ML MLI MM MMR MN MNG MO MAC MR MRT MT MLT MU MUS MV MDV MW MWI MX MEX MY MYS
MZ MOZ NA NAM NE NER NG NGA NI NIC NL NLD NO NOR NP NPL NR NRU NZ NZL OM OMN PA PAN
PE PER PG PNG PH PHL PK PAK PL POL PR PRI PS PSE PT PRT PW PLW PY PRY QA QAT RO ROU
RS SRB RU RUS RW RWA SA SAU SB SLB SC SYC SD SDN SE SWE SG SGP SI SVN SK SVK SL SLE
SM SMR SN SEN SO SOM SR SUR SS SSD ST STP SV SLV SY SYR SZ SWZ TD TCD TG TGO TH THA
TJ TJK TL TLS TM TKM TN TUN TO TON TR TUR TT TTO TV TUV TW TWN TZ TZA UA UKR UG UGA
US USA UY URY UZ UZB VA VAT VC VCT VE VEN VN VNM VU VUT WS WSM YE YEM ZA ZAF ZM ZMB
ZW ZWE XK XKX
"""

# IOC / FIDE codes that differ from ISO alpha-3 (the codes sports federations use).
_IOC = """
ALG DZ ANG AO ANT AG ARU AW BAH BS BAN BD BAR BB BER BM BHU BT BIZ BZ BOT BW BRU BN
BUL BG BUR BF CAM KH CAY KY CGO CG CHA TD CHI CL CRC CR CRO HR DEN DK ESA SV ENG GB
FIJ FJ GAM GM GER DE GRE GR GRN GD GUA GT GUI GN HAI HT HON HN INA ID IRI IR ISV VI
IVB VG KOS XK KSA SA KUW KW LAT LV LBA LY LES LS MAD MG MAS MY MAW MW MGL MN MRI MU
MTN MR MYA MM NCA NI NED NL NEP NP NGR NG NIG NE OMA OM PAR PY PHI PH PLE PS POR PT
PUR PR RSA ZA SAM WS SCO GB SEY SC SIN SG SKN KN SLO SI SOL SB SRI LK SUD SD SUI CH
TAN TZ TGA TO TOG TG TPE TW TRI TT UAE AE URU UY VAN VU VIE VN VIN VC WLS GB ZAM ZM
ZIM ZW
"""


def _pairs(text: str) -> list[tuple[str, str]]:
    words = text.split()
    return list(zip(words[0::2], words[1::2], strict=True))


#: Every ISO alpha-2 code of the table.
ALPHA2: frozenset[str] = frozenset(a2 for a2, _ in _pairs(_ISO)) | {
    "GB",
    "KY",
    "VI",
    "VG",
    "AW",
    "BM",
}
#: Three-letter code (ISO alpha-3, IOC/FIDE) -> ISO alpha-2.
ALPHA3: dict[str, str] = {a3: a2 for a2, a3 in _pairs(_ISO)} | dict(_pairs(_IOC))


def to_alpha2(code: str) -> str | None:
    """The two-letter ISO code of ``code`` (two or three letters, any case), None if
    the table does not know it."""
    text = code.strip().upper()
    if len(text) == 2:
        return text if text in ALPHA2 else None
    if len(text) == 3:
        return ALPHA3.get(text)
    return None
