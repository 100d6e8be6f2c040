# The summary of interleaved rounds, for bench/bind-to.sh and bench/ab-builds.sh. Input rows: KIND SETTING v1 v2 ...
# (one row per round and setting; the columns are the same sizes in every row). For the rows of kind k (-v k=...)
# prints, per column, the best (lowest) and the median of the rounds of setting a and of setting b (-v a=... -v b=...),
# and their ratio b / a. Lower is better: for a rate (bandwidth) pass -v higher=1, and best is the highest.
function pick(s, i, stat,    c, j, m, t, x) { # best or median of column i of setting s
  c = n[s]; for (j = 1; j <= c; j++) x[j] = v[s, i, j] + 0
  for (j = 2; j <= c; j++) { t = x[j]; for (m = j - 1; m >= 1 && x[m] > t; m--) x[m + 1] = x[m]; x[m + 1] = t }
  if (stat == "best") return higher ? x[c] : x[1]
  return c % 2 ? x[(c + 1) / 2] : (x[c / 2] + x[c / 2 + 1]) / 2
}
$1 == k { n[$2]++; for (i = 3; i <= NF; i++) v[$2, i, n[$2]] = $i; nf = NF }
END {
  split("best median", stats, " ")
  for (si = 1; si <= 2; si++) {
    s = stats[si]
    printf "%-22s", s " " a; for (i = 3; i <= nf; i++) printf " %9.3f", pick(a, i, s); print ""
    printf "%-22s", s " " b; for (i = 3; i <= nf; i++) printf " %9.3f", pick(b, i, s); print ""
    printf "%-22s", s " " b "/" a; for (i = 3; i <= nf; i++) printf " %9.2f", pick(b, i, s) / pick(a, i, s); print ""
  }
}
