# What each failing test printed, from a `bun test` log: bun prints a test's
# error just above its "(fail)" line (and a timeout just below it). At most 25
# lines per test and 8 tests, so a shortened log still shows the reasons.
/^[0-9]+ tests? failed:$/ { exit }               # bun's closing list repeats the names only
/^test\/.*:$/ { file = $0; n = 0; next }
/^\((pass|skip|todo)\)/ { n = 0; next }
/^\(fail\)/ {
  if (++shown <= 8) {
    print file
    for (i = (n > 25 ? n - 25 : 0); i < n; i++) print "  " held[i % 25]
    print "  " $0
    after = 1
  }
  n = 0
  next
}
after && /^  \^/ { print "  " $0; after = 0; next }
{ after = 0; held[n++ % 25] = $0 }
