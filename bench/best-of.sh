# Sourced by the bench scripts that run configurations in interleaved rounds and keep each one's best
# (lowest) time: ft.sh, ft-native.sh, ft-npb.sh.
# keep_best ARRAY KEY TIME: in the associative array named ARRAY, KEY takes TIME when it is lower than
# what KEY holds (or KEY holds nothing yet); a FAILED run makes KEY FAILED for good.
keep_best() {
  local -n kb_best=$1
  local key=$2 t=$3
  if [ "$t" = FAILED ]; then
    kb_best[$key]=FAILED
  elif [ "${kb_best[$key]:-}" != FAILED ] && { [ -z "${kb_best[$key]:-}" ] \
        || awk -v a="$t" -v b="${kb_best[$key]}" 'BEGIN{exit !(a<b)}'; }; then
    kb_best[$key]=$t
  fi
}
