/** A tab strip with an underlined active tab. Each tab: value and (already translated) label. */
export function Tabs<V extends string>({
  tabs,
  value,
  onChange,
  className,
}: {
  tabs: readonly { value: V; label: string }[]
  value: V
  onChange: (value: V) => void
  className?: string
}) {
  return (
    <div className={className ? `tabs ${className}` : 'tabs'} role="tablist">
      {tabs.map((tab) => (
        <button
          key={tab.value}
          type="button"
          role="tab"
          aria-selected={tab.value === value}
          className={tab.value === value ? 'tabs__tab tabs__tab--active' : 'tabs__tab'}
          onClick={() => onChange(tab.value)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  )
}
